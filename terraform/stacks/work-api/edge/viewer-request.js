// CloudFront Function (cloudfront-js-2.0, viewer request) in front of the HTTP API: it answers browsers'
// preflights and refuses every request without a valid key here, at the edge, so that a stranger's requests
// never reach the API's stage and route throttles, which every key holder shares (docs/reliability.md,
// "Strangers and the throttles"). The key store holds the SHA-256 (hex) of each valid key, never a key:
// infra/edge-keys.sh writes them from the SSM parameters. Rendered by Terraform (templatefile): open, origins.
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
  if (OPEN) return request;

  const authorization = request.headers.authorization ? request.headers.authorization.value : '';
  const bearer = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!bearer) return refuse(origin, 'Key required', HINT);
  const digest = crypto.createHash('sha256').update(bearer[1]).digest('hex');
  try {
    if (await keys.exists(digest)) return request;
  } catch (e) {
    // The store unreadable: refuse (fail closed), as for an unknown key.
  }
  return refuse(origin, 'Invalid key', HINT);
}
