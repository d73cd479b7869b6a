// Opens each URL given in headless Debian Chromium (never a downloaded browser), waits for the page's
// #result (then its #precache, when it has one) to leave data-state="pending", and prints one JSON line per page: its
// url, state, text, the precache's state and text, and the console messages (where Chromium says why a fetch was
// blocked). Run by dev.nanowork.samples.BrowserCorsTest
// with NODE_PATH=tools/node/node_modules. Usage: node open-pages.js CHROMIUM TIMEOUT_MS URL...
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

async function main() {
  const [executablePath, timeoutMs, ...urls] = process.argv.slice(2);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nano-work-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  try {
    for (const url of urls) {
      const page = await context.newPage();
      const console = [];
      page.on('console', (m) => console.push(m.text()));
      page.on('pageerror', (e) => console.push(`pageerror: ${e.message}`));
      await page.goto(url);
      let state;
      try {
        await page.waitForFunction(
          () => document.getElementById('result').dataset.state !== 'pending', null, { timeout: Number(timeoutMs) });
        state = await page.getAttribute('#result', 'data-state');
      } catch (e) {
        state = `timeout after ${timeoutMs} ms`;
      }
      const text = await page.textContent('#result');
      let precache = null;
      if (await page.$('#precache')) {
        try {
          await page.waitForFunction(
            () => document.getElementById('precache').dataset.state !== 'pending', null, { timeout: Number(timeoutMs) });
        } catch (e) {
          // the state read below stays pending: the test says so
        }
        precache = { state: await page.getAttribute('#precache', 'data-state'), text: await page.textContent('#precache') };
      }
      process.stdout.write(`${JSON.stringify({ url, state, text, precache, console })}\n`);
      await page.close();
    }
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`${e.stack || e}\n`);
  process.exit(1);
});
