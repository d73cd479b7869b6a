// A wallet asking the endpoint for the work of its next block, and checking the answer itself with
// nanocurrency-js before it signs and publishes: a work server is trusted for speed, not for
// correctness. Node 18+ (global fetch), no bundler; in a browser the same fetch code runs as is and
// nanocurrency comes from your bundle.
//
//   cd tools/node && npm ci                                  # once: installs nanocurrency
//   NODE_PATH=tools/node/node_modules node samples/js/wallet-work.js [URL] [HASH] [DIFFICULTY]
//
// URL defaults to http://localhost:8080 (./mvnw quarkus:dev); HASH is the block's root (the previous
// block's hash, or the account's public key for an open block); DIFFICULTY defaults to receive.
// Prints {"hash", "work", "difficulty", "multiplier", "checked"} and exits 1 if the work is not valid.
'use strict';
const { validateWork } = require('nanocurrency');

const RECEIVE = 'fffffe0000000000'; // receive, open and epoch blocks; send and change need fffffff800000000

async function rpc(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  const answer = await response.json();
  // Refusals are HTTP 200 too, as nano_node's RPC: {"error": "...", "hint": "..."}.
  if (answer.error) throw new Error(`${body.action}: ${answer.error}${answer.hint ? ` (${answer.hint})` : ''}`);
  return answer;
}

async function main() {
  const url = process.argv[2] || 'http://localhost:8080';
  const hash = process.argv[3] || '718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2';
  const difficulty = process.argv[4] || RECEIVE;

  const answer = await rpc(url, { action: 'work_generate', hash, difficulty });
  // nanocurrency-js hashes with its own BLAKE2b: an independent check of the server's work.
  const checked = validateWork({ blockHash: hash, work: answer.work, threshold: difficulty });
  console.log(JSON.stringify({ ...answer, checked }));
  if (!checked) process.exit(1);
}

// Run as a program; required (as samples/js/wallet-precache.js does), it only lends its rpc.
if (require.main === module) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(2);
  });
}

module.exports = { rpc };
