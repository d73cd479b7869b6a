// The C NEON anchor: Nano's work search written as hand-written NEON BLAKE2b is (one nonce per 64-bit lane, two
// lanes per vector, rotr 32 as rev64, 24 and 16 as one tbl each, 63 as add + usra), specialised as the Java kernels
// are: one 40-byte message, so m5..m15 are zero and their additions fold away (the rounds are unrolled with SIGMA
// as constants), and only the first output word is computed. It is the ceiling the Java kernels' aarch64 code is
// held to (docs/kernels.md); infra/c-neon-anchor.sh cross-builds it and runs it under qemu.
//
//   neon-anchor test FILE         the work values of FILE's rows (root work difficulty, as work-values.csv) must match
//   neon-anchor search SECONDS    tries nonces for SECONDS; prints MH/s (under qemu a meaningless figure)
#include <arm_neon.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const uint64_t IV[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

static const uint8_t SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

typedef uint64x2_t v;

static inline v ror32(v x) { return vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x))); }
static const uint8_t ROR24[16] = {3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10};
static const uint8_t ROR16[16] = {2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9};
static inline v ror63(v x) { return vsraq_n_u64(vaddq_u64(x, x), x, 63); }

// The message of a lane pair: m0 the nonces, m1..m4 the root words, the rest zero. Known at compile time per index
// (the rounds are unrolled), so an addition of a zero word is folded away.
#define MSG(i) ((i) == 0 ? nonce : (i) <= 4 ? root[(i) - 1] : zero)
#define G(a, b, c, d, x, y)                                                                                        \
    do {                                                                                                           \
        a = vaddq_u64(vaddq_u64(a, b), x);                                                                         \
        d = ror32(veorq_u64(d, a));                                                                                \
        c = vaddq_u64(c, d);                                                                                       \
        b = vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(veorq_u64(b, c)), r24));                        \
        a = vaddq_u64(vaddq_u64(a, b), y);                                                                         \
        d = vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(veorq_u64(d, a)), r16));                        \
        c = vaddq_u64(c, d);                                                                                       \
        b = ror63(veorq_u64(b, c));                                                                                \
    } while (0)
#define ROUND(r)                                                                                                   \
    do {                                                                                                           \
        G(v0, v4, v8, v12, MSG(SIGMA[r][0]), MSG(SIGMA[r][1]));                                                    \
        G(v1, v5, v9, v13, MSG(SIGMA[r][2]), MSG(SIGMA[r][3]));                                                    \
        G(v2, v6, v10, v14, MSG(SIGMA[r][4]), MSG(SIGMA[r][5]));                                                   \
        G(v3, v7, v11, v15, MSG(SIGMA[r][6]), MSG(SIGMA[r][7]));                                                   \
        G(v0, v5, v10, v15, MSG(SIGMA[r][8]), MSG(SIGMA[r][9]));                                                   \
        G(v1, v6, v11, v12, MSG(SIGMA[r][10]), MSG(SIGMA[r][11]));                                                 \
        G(v2, v7, v8, v13, MSG(SIGMA[r][12]), MSG(SIGMA[r][13]));                                                  \
        G(v3, v4, v9, v14, MSG(SIGMA[r][14]), MSG(SIGMA[r][15]));                                                  \
    } while (0)

// The work values of nonces start and start + 1 (two lanes) for the root words rw.
static inline __attribute__((always_inline)) v work2(const v root[4], uint64_t start) {
    const v zero = vdupq_n_u64(0);
    const uint8x16_t r24 = vld1q_u8(ROR24), r16 = vld1q_u8(ROR16);
    v nonce = vcombine_u64(vcreate_u64(start), vcreate_u64(start + 1));
    uint64_t h0 = IV[0] ^ 0x01010008ULL; // parameter block: 8-byte digest, no key, fanout and depth 1
    v v0 = vdupq_n_u64(h0), v1 = vdupq_n_u64(IV[1]), v2 = vdupq_n_u64(IV[2]), v3 = vdupq_n_u64(IV[3]);
    v v4 = vdupq_n_u64(IV[4]), v5 = vdupq_n_u64(IV[5]), v6 = vdupq_n_u64(IV[6]), v7 = vdupq_n_u64(IV[7]);
    v v8 = vdupq_n_u64(IV[0]), v9 = vdupq_n_u64(IV[1]), v10 = vdupq_n_u64(IV[2]), v11 = vdupq_n_u64(IV[3]);
    v v12 = vdupq_n_u64(IV[4] ^ 40), v13 = vdupq_n_u64(IV[5]), v14 = vdupq_n_u64(~IV[6]), v15 = vdupq_n_u64(IV[7]);
    ROUND(0); ROUND(1); ROUND(2); ROUND(3); ROUND(4); ROUND(5);
    ROUND(6); ROUND(7); ROUND(8); ROUND(9); ROUND(10); ROUND(11);
    return veorq_u64(veorq_u64(vdupq_n_u64(h0), v0), v8);
}

// The first nonce from start (count nonces, even) whose work value is >= threshold; 0 and *found = 0 if none.
static uint64_t search(const uint64_t rw[4], uint64_t start, uint64_t count, uint64_t threshold, int *found) {
    v root[4];
    for (int i = 0; i < 4; i++) root[i] = vdupq_n_u64(rw[i]);
    for (uint64_t n = 0; n < count; n += 2) {
        v w = work2(root, start + n);
        uint64x2_t hit = vcgeq_u64(w, vdupq_n_u64(threshold));
        if (vmaxvq_u32(vreinterpretq_u32_u64(hit))) {
            *found = 1;
            return vgetq_lane_u64(hit, 0) ? start + n : start + n + 1;
        }
    }
    *found = 0;
    return 0;
}

static void words(const char *hex, uint64_t out[4]) {
    for (int w = 0; w < 4; w++) {
        uint64_t x = 0;
        for (int b = 0; b < 8; b++) { // little-endian words of the 32 root bytes
            unsigned byte;
            sscanf(hex + 2 * (8 * w + b), "%2x", &byte);
            x |= (uint64_t)byte << (8 * b);
        }
        out[w] = x;
    }
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "test")) {
        FILE *f = fopen(argv[2], "r");
        if (!f) { perror(argv[2]); return 2; }
        char line[512], hex[65];
        unsigned long long work, want;
        int rows = 0, bad = 0;
        while (fgets(line, sizeof line, f)) {
            if (sscanf(line, "%64[0-9A-Fa-f],%llx,%llx", hex, &work, &want) != 3) continue; // the header, comments
            uint64_t rw[4];
            words(hex, rw);
            v root[4];
            for (int i = 0; i < 4; i++) root[i] = vdupq_n_u64(rw[i]);
            for (int lane = 0; lane < 2; lane++) { // the row's nonce in each lane
                v w = work2(root, work - lane);
                uint64_t got = lane == 0 ? vgetq_lane_u64(w, 0) : vgetq_lane_u64(w, 1);
                if (got != want) { bad++; printf("MISMATCH %s %016llx lane %d: %016llx\n", hex, work, lane, (unsigned long long)got); }
            }
            int found;
            uint64_t first = search(rw, work - 6, 8, want, &found); // the row's value is the first >= itself, or earlier
            if (!found || first > work) { bad++; printf("SEARCH MISS %s %016llx\n", hex, work); }
            rows++;
        }
        printf("neon-anchor test: %d rows, %d mismatches\n", rows, bad);
        return bad || !rows;
    }
    if (argc == 3 && !strcmp(argv[1], "search")) {
        uint64_t rw[4];
        words("718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2", rw);
        double seconds = atof(argv[2]), elapsed;
        struct timespec t0, t;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        uint64_t tried = 0;
        int found;
        do {
            search(rw, tried, 1 << 16, ~0ULL, &found);
            tried += 1 << 16;
            clock_gettime(CLOCK_MONOTONIC, &t);
            elapsed = (t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) * 1e-9;
        } while (elapsed < seconds);
        printf("c-neon tried=%llu elapsed=%.2fs MH/s=%.3f\n", (unsigned long long)tried, elapsed, tried / elapsed / 1e6);
        return 0;
    }
    fprintf(stderr, "usage: neon-anchor test FILE | neon-anchor search SECONDS\n");
    return 2;
}
