// An independent check of Nano work: nanocurrency-js (its own BLAKE2b, blakejs) validates each
// "hash work threshold" line of stdin and prints "hash work true|false" per line.
// Usage: node validate-work.js < lines
'use strict';
const { validateWork } = require('nanocurrency');
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter((l) => l.trim() !== '');
for (const line of lines) {
  const [blockHash, work, threshold] = line.trim().split(/\s+/);
  console.log(`${blockHash} ${work} ${validateWork({ blockHash, work, threshold })}`);
}
