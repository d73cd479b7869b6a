// A browser wallet's work request, as a page on its own origin makes it: POST work_generate to the endpoint
// (another origin, so the browser asks the endpoint's CORS first), then check the work before using it.
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
document.getElementById('endpoint').textContent = endpoint;

function show(state, text) {
  result.textContent = text;
  result.dataset.state = state;
}

async function askForWork() {
  const headers = { 'Content-Type': 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`; // a header, not a body field: the preflight must allow it
  let answer;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'work_generate', hash, difficulty }),
    });
    answer = await response.json();
  } catch (e) {
    // The browser gives a page no reason: a CORS refusal and an unreachable server look the same from here
    // (the console says which).
    show('unreadable', `no answer this page may read (${e.name}: ${e.message})`);
    return;
  }
  document.getElementById('answer').textContent = JSON.stringify(answer, null, 2);
  if (answer.error) {
    show('refused', answer.error);
    return;
  }
  // Never trust work unchecked: nanocurrency-js computes its own BLAKE2b.
  const valid = String(answer.hash).toUpperCase() === hash.toUpperCase() &&
    window.NanoCurrency.validateWork({ blockHash: hash, work: answer.work, threshold: difficulty });
  show(valid ? 'valid' : 'invalid', `${answer.work} ${valid ? 'is valid' : 'is NOT valid'} for ${hash} at ${difficulty}`);
}

askForWork();
