// Run by npm after every install in tools/node (package.json's postinstall, so the build's `npm ci` runs it).
//
// dynalite 4.0.0 (the newest release; upstream main unchanged) throws from its request stream's 'error' handler
// (index.js line 212: req.on('error', function (err) { throw err })). Node emits that error when a client closes its
// connection before its request has arrived whole ("Error: aborted", ECONNRESET), and the throw, uncaught, ends the
// whole process: every later call is "Connection refused". The fan-out's worker does exactly that when it stops its
// record watch (a virtual thread interrupted inside a GetItem closes its socket mid-request). DynamoDB drops only that
// request and keeps serving; this patch makes dynalite do the same, and says so in its output.
// Upstream: https://github.com/architect/dynalite/issues/183 (open). When a release fixes it, take that release and
// delete this script and the postinstall entry; until then an upgrade stops here, so the patch is looked at again.
'use strict';
const fs = require('fs');
const path = require('path');

const dir = path.join(__dirname, 'node_modules', 'dynalite');
const file = path.join(dir, 'index.js');
const PATCHED_VERSION = '4.0.0';
const THROWS = "  req.on('error', function (err) { throw err })\n";
const DROPS =
  '  // Patched by tools/node/patch-dynalite.js: a client that went away drops only its own request, as on DynamoDB.\n' +
  "  req.on('error', function (err) { console.error('[Dynalite] Request dropped, its client went away: ' + err.message) })\n";

function fail(why) {
  console.error(`patch-dynalite.js: ${why}`);
  process.exit(1);
}

const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
if (version !== PATCHED_VERSION) {
  fail(`dynalite is ${version}, the patch is for ${PATCHED_VERSION}: check whether ${version} still throws on a ` +
    'client that closes early (architect/dynalite#183), then update or delete this script and the postinstall entry');
}
const source = fs.readFileSync(file, 'utf8');
if (source.includes(DROPS)) process.exit(0); // already applied (npm install after npm ci)
const at = source.indexOf(THROWS);
if (at < 0 || source.indexOf(THROWS, at + 1) >= 0) fail(`${file} does not hold the throwing handler once`);
fs.writeFileSync(file, source.slice(0, at) + DROPS + source.slice(at + THROWS.length));
