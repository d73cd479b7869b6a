// A wallet that precaches: right after it publishes a block it asks the endpoint for the work of the account's next
// block (work_precache, this endpoint's extension of the node's RPC), so that the next send finds its work ready.
// It makes SENDS sends without precaching, then SENDS with, and prints how long each send waited for its work.
// Node 18+ (global fetch), no bundler; nanocurrency-js builds, signs and hashes the blocks.
//
//   cd tools/node && npm ci                                  # once: installs nanocurrency
//   NODE_PATH=tools/node/node_modules node samples/js/wallet-precache.js [URL] [SENDS] [DIFFICULTY]
//
// URL defaults to http://localhost:8080 (./mvnw quarkus:dev), SENDS to 3, DIFFICULTY to send (fffffff800000000). The
// blocks are signed with a demonstration key and published nowhere: the chain is this sample's own. Each work is
// checked with nanocurrency-js's validateWork, and the hash the endpoint computed for each precached block with its
// hashBlock. Prints {"difficulty", "sends", "without_ms", "with_ms", "precache_ready_ms", ...}; exits 1 when a check
// fails, 2 on a refusal or an unreachable endpoint.
'use strict';
const { createBlock, deriveAddress, derivePublicKey, deriveSecretKey, validateWork } = require('nanocurrency');
const { rpc } = require('./wallet-work.js'); // POST one action; a refusal ({"error", "hint"}) is thrown

const SEND = 'fffffff800000000';
const SEED = '0000000000000000000000000000000000000000000000000000000000000001'; // a demonstration seed: no funds
const DESTINATION = 'nano_1111111111111111111111111111111111111111111111111111hifc8npp'; // the burn address

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main() {
  const url = process.argv[2] || 'http://localhost:8080';
  const sends = Number(process.argv[3] || 3);
  const difficulty = process.argv[4] || SEND;
  const secretKey = deriveSecretKey(SEED, 0);
  const account = deriveAddress(derivePublicKey(secretKey), { useNanoPrefix: true });
  // The account's frontier: a random one, as if the account had a history this sample does not know.
  let frontier = require('crypto').randomBytes(32).toString('hex').toUpperCase();
  let balance = 10n ** 33n;
  const result = { difficulty, sends, without_ms: [], with_ms: [], precache_ready_ms: [], checked: true };

  // One send: wait for its work (as the user does after pressing "send"), check it, make and "publish" the block.
  async function send() {
    const began = Date.now();
    const answer = await rpc(url, { action: 'work_generate', hash: frontier, difficulty });
    const waited = Date.now() - began;
    if (!validateWork({ blockHash: frontier, work: answer.work, threshold: difficulty })) result.checked = false;
    balance -= 10n ** 27n;
    const { hash, block } = createBlock(secretKey, {
      work: answer.work, previous: frontier, representative: account, balance: balance.toString(), link: DESTINATION,
    });
    frontier = hash; // the root of the account's next block
    return { hash, block, waited };
  }

  // Right after publishing: precache the next block's work, sending the block itself (the endpoint hashes it), then
  // the user's pause before the next send: here, until the work is ready (at most a minute).
  async function precacheAfter(published) {
    const began = Date.now();
    let answer = await rpc(url, { action: 'work_precache', json_block: 'true', block: published.block, difficulty });
    // The endpoint's hash of the block against nanocurrency-js's.
    if (answer.hash !== published.hash.toUpperCase()) result.checked = false;
    while (answer.precache !== 'ready' && Date.now() - began < 60000) {
      await sleep(50);
      answer = await rpc(url, { action: 'work_precache', hash: frontier, difficulty });
    }
    return Date.now() - began;
  }

  for (let i = 0; i < sends; i++) result.without_ms.push((await send()).waited);
  let published = await send(); // the block whose hash the first precache is for
  for (let i = 0; i < sends; i++) {
    result.precache_ready_ms.push(await precacheAfter(published));
    published = await send();
    result.with_ms.push(published.waited);
  }
  result.median_without_ms = median(result.without_ms);
  result.median_with_ms = median(result.with_ms);
  console.log(JSON.stringify(result));
  if (!result.checked) process.exit(1);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
