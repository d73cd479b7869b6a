// CloudFront Function (cloudfront-js-2.0, viewer request) in front of the HTTP API: it answers browsers'
// preflights and refuses every request without a valid key here, at the edge, so that a stranger's requests
// never reach the API's stage and route throttles, which every key holder shares (docs/reliability.md,
// "Strangers and the throttles"). The key store holds the SHA-256 (hex) of each valid key, never a key:
// infra/edge-keys.sh writes them from the SSM parameters, each with the value "ROLE" (the parameter's current
// version) or "ROLE until=EPOCH_SECONDS" (its previous version, accepted until the end of the rotation grace, the
// same end the functions apply). It also holds the origin secret (ORIGIN_ENTRY), which every forwarded request
// carries to the functions, so that they believe the viewer address beside it and refuse whatever skipped the edge.
// Rendered by Terraform (templatefile): open, origins.
import cf from 'cloudfront';
import crypto from 'crypto';

const keys = cf.kvs();
// open_endpoint: no wallets' key, every request passes (the API's throttles and the functions still apply).
const OPEN = ${open};
// cors_allow_origins, as API Gateway and the functions have them.
const ORIGINS = ${origins};

function allowOrigin(origin) {
  if (ORIGINS.length === 1 && ORIGINS[0] === '*') return '*';
  return origin && ORIGINS.indexOf(origin) >= 0 ? origin : null;
}

function corsHeaders(origin) {
  const allowed = allowOrigin(origin);
  const headers = { vary: { value: 'Origin' } };
  if (allowed) headers['access-control-allow-origin'] = { value: allowed };
  return headers;
}

// The application's own answer to a missing or wrong key: HTTP 200 and nano_node's error JSON.
function refuse(origin, error, hint) {
  const headers = corsHeaders(origin);
  headers['content-type'] = { value: 'application/json' };
  headers['cache-control'] = { value: 'no-store' };
  return {
    statusCode: 200,
    statusDescription: 'OK',
    headers: headers,
    body: { encoding: 'text', data: JSON.stringify({ error: error, hint: hint }) },
  };
}

// The one Authorization grammar (src/test/resources/authorization-cases.json, which the application follows too):
// nothing but spaces or tabs is no credential; "Bearer" in any case, spaces or tabs, one token of visible ASCII
// characters, optional spaces or tabs around, is a key; anything else is malformed, refused, never guessed at.
const NO_CREDENTIAL = /^[ \t]*$/;
const BEARER = /^[ \t]*bearer[ \t]+([!-~]+)[ \t]*$/i;
// A key store value: the role, and for a rotated key's previous version the second it stops being accepted.
const STORED = /^[a-z]+( until=([0-9]+))?$/;

// The digest's entry accepted now: present, of the known form, and not past its end. An unknown digest (get
// rejects) and an unreadable store are refused alike (fail closed), as is a value of another form.
async function accepted(digest) {
  let value;
  try {
    value = await keys.get(digest);
  } catch (e) {
    return false;
  }
  const stored = STORED.exec(value);
  if (!stored) return false;
  return stored[2] === undefined || Date.now() < Number(stored[2]) * 1000;
}

// The request on to the API, carrying the viewer's address (API Gateway sees only CloudFront's) and the origin secret
// that vouches for it: the functions refuse a request without the secret, and believe the viewer address only beside
// it. Both are set here, over anything of those names the viewer sent, so that no caller through the edge can choose
// either; the origin request policy forwards every viewer header but Host, these included.
const VIEWER_ADDRESS = 'x-viewer-address';
const ORIGIN_SECRET = 'x-origin-secret';

// The origin secret's entry (infra/edge-keys.sh): "SECRET", or during its rotation "NEW from=EPOCH_SECONDS OLD": OLD
// until EPOCH, NEW from then on, by which time every function has read NEW (the functions accept both through the
// rotation's grace). Not a digest: no key's SHA-256 hex can be this name.
const ORIGIN_ENTRY = 'origin-secret';
const ORIGIN_VALUE = /^([!-~]+)( from=([0-9]+) ([!-~]+))?$/;

// The secret to send now; null when the entry is missing, unreadable or of another form (fail closed).
async function originSecret() {
  let value;
  try {
    value = await keys.get(ORIGIN_ENTRY);
  } catch (e) {
    return null;
  }
  const parts = ORIGIN_VALUE.exec(value);
  if (!parts) return null;
  if (parts[2] !== undefined && Date.now() < Number(parts[3]) * 1000) return parts[4];
  return parts[1];
}

async function forward(event) {
  const secret = await originSecret();
  if (secret === null) {
    const origin = event.request.headers.origin ? event.request.headers.origin.value : null;
    return refuse(origin, 'Key unavailable', UNAVAILABLE_HINT);
  }
  event.request.headers[VIEWER_ADDRESS] = { value: event.viewer.ip };
  event.request.headers[ORIGIN_SECRET] = { value: secret };
  return event.request;
}

const UNAVAILABLE_HINT = 'this endpoint cannot forward requests just now; retry in a minute (its operator runs infra/edge-keys.sh after every deploy)';
const HINT = 'this endpoint needs a key: send the header Authorization: Bearer <key> (at this URL the edge checks the header; a "key" field in the body is not enough)';

async function handler(event) {
  const request = event.request;
  const origin = request.headers.origin ? request.headers.origin.value : null;

  if (request.method === 'OPTIONS') {
    const allowed = allowOrigin(origin);
    if (origin && !allowed) return { statusCode: 403, statusDescription: 'Forbidden' };
    const headers = corsHeaders(origin);
    headers['access-control-allow-methods'] = { value: 'POST, OPTIONS' };
    headers['access-control-allow-headers'] = { value: 'authorization, content-type' };
    headers['access-control-max-age'] = { value: '86400' };
    return { statusCode: 204, statusDescription: 'No Content', headers: headers };
  }
  if (OPEN) return forward(event);

  const authorization = request.headers.authorization ? request.headers.authorization.value : '';
  if (NO_CREDENTIAL.test(authorization)) return refuse(origin, 'Key required', HINT);
  const bearer = BEARER.exec(authorization);
  if (bearer && (await accepted(crypto.createHash('sha256').update(bearer[1]).digest('hex')))) return forward(event);
  return refuse(origin, 'Invalid key', HINT);
}
