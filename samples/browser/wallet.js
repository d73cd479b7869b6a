// A browser wallet's work request, as a page on its own origin makes it: POST work_generate to the endpoint
// (another origin, so the browser asks the endpoint's CORS first), then check the work before using it. Then, as a
// wallet does right after it publishes a block, it precaches the work of the account's next block (work_precache,
// the endpoint's extension of the node's RPC), and measures the next send's wait with the precache against the
// first one's without (#precache).
// Parameters from the query string: endpoint (default the self-hosted server), hash, difficulty. The key never
// travels in the page's URL query (servers log it, the Referer header and the history keep it): it comes in the
// fragment (#key=..., which browsers never send to a server), is kept in this page's memory only, and leaves the
// address bar at once (so it is not in the history either).
const params = new URLSearchParams(window.location.search);
const endpoint = params.get('endpoint') || 'http://localhost:7076/';
const hash = params.get('hash') || '718CC2121C3E641059BC1C2CFC45666C99E8AE922F7A807B7D07B62C995D79E2';
const difficulty = params.get('difficulty') || 'fffffe0000000000'; // receive: what a wallet asks most
const key = new URLSearchParams(window.location.hash.slice(1)).get('key');
if (key) history.replaceState(null, '', window.location.pathname + window.location.search);

const result = document.getElementById('result');
const precache = document.getElementById('precache');
document.getElementById('endpoint').textContent = endpoint;

function show(element, state, text) {
  element.textContent = text;
  element.dataset.state = state;
}

// One RPC call: its answer, or null (and the element shows why) when the page may not read one. An endpoint given
// as an action's own route (.../work_generate) takes each action on its own route; any other URL takes them all.
async function rpc(body, element) {
  const headers = { 'Content-Type': 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`; // a header, not a body field: the preflight must allow it
  const url = endpoint.replace(/\/work_generate$/, `/${body.action}`);
  try {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    return await response.json();
  } catch (e) {
    // The browser gives a page no reason: a CORS refusal and an unreachable server look the same from here
    // (the console says which).
    show(element, 'unreadable', `no answer this page may read (${e.name}: ${e.message})`);
    return null;
  }
}

// Never trust work unchecked: nanocurrency-js computes its own BLAKE2b.
function checked(answer, root) {
  return String(answer.hash).toUpperCase() === root.toUpperCase() &&
    window.NanoCurrency.validateWork({ blockHash: root, work: answer.work, threshold: difficulty });
}

async function askForWork() {
  const began = performance.now();
  const answer = await rpc({ action: 'work_generate', hash, difficulty }, result);
  const waited = Math.round(performance.now() - began);
  if (answer === null) return show(precache, 'skipped', 'no work, no block');
  document.getElementById('answer').textContent = JSON.stringify(answer, null, 2);
  if (answer.error) {
    show(result, 'refused', answer.error);
    return show(precache, 'skipped', 'no work, no block');
  }
  const valid = checked(answer, hash);
  show(result, valid ? 'valid' : 'invalid', `${answer.work} ${valid ? 'is valid' : 'is NOT valid'} for ${hash} at ${difficulty}`);
  if (!valid) return show(precache, 'skipped', 'no valid work, no block');
  await precacheNext(answer.work, waited);
}

// The block the work was for, made and signed with a demonstration key (published nowhere), then its successor's work
// precached and asked for, as the wallet's next send would.
async function precacheNext(work, waitedWithout) {
  const N = window.NanoCurrency;
  const secretKey = N.deriveSecretKey('0000000000000000000000000000000000000000000000000000000000000001', 0);
  const account = N.deriveAddress(N.derivePublicKey(secretKey), { useNanoPrefix: true });
  const published = N.createBlock(secretKey, {
    work, previous: hash, representative: account, balance: '1000000000000000000000000000000',
    link: 'nano_1111111111111111111111111111111111111111111111111111hifc8npp',
  });
  const began = performance.now();
  let answer = await rpc({ action: 'work_precache', json_block: 'true', block: published.block, difficulty }, precache);
  // The endpoint hashed the block as nano_node does; nanocurrency-js hashed it too.
  if (answer !== null && !answer.error && answer.hash !== published.hash.toUpperCase())
    return show(precache, 'invalid', `the endpoint's hash ${answer.hash} is not the block's ${published.hash}`);
  // The user's pause before the next send: here, until the work is ready (at most 20 s).
  while (answer !== null && !answer.error && answer.precache !== 'ready' && performance.now() - began < 20000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await rpc({ action: 'work_precache', hash: published.hash, difficulty }, precache);
  }
  if (answer === null) return;
  if (answer.error) return show(precache, 'refused', answer.error);
  const ready = Math.round(performance.now() - began);
  const asked = performance.now();
  const next = await rpc({ action: 'work_generate', hash: published.hash, difficulty }, precache);
  const waited = Math.round(performance.now() - asked);
  if (next === null) return;
  if (next.error) return show(precache, 'refused', next.error);
  if (!checked(next, published.hash)) return show(precache, 'invalid', `${next.work} is NOT valid for ${published.hash}`);
  show(precache, 'ready', `the next send waited ${waited} ms with the precache (ready ${ready} ms after publishing), `
    + `the first ${waitedWithout} ms without`);
}

askForWork();
