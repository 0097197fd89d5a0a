/**
 * integration (GraphQL): the playground. A browser GET of the endpoint gets GraphiQL, its assets served
 * by quire from node_modules (no CDN); headless Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core, offline) opens it, runs a query and the result is rendered. Off in production.
 * Without /usr/bin/chromium the browser test is skipped, loudly.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let s: TestServer;

test.before(async () => {
  s = await startTestServer({ name: 'gql-playground' });
  const admin = await s.token('full-access');
  await gqlData(s, 'mutation { createTag(data: { name: "rendered-in-the-browser" }) { data { id } } }', { token: admin });
});
test.after(async () => s.stop());

test('a browser GET gets the page; its assets come from this server', async () => {
  const r = await s.request('GET', '/graphql', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type')!, /^text\/html/);
  assert.match(r.headers.get('content-security-policy')!, /script-src 'self'/);
  const srcs = [...r.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(srcs, ['/graphql/playground/graphiql.min.css', '/graphql/playground/react.production.min.js', '/graphql/playground/react-dom.production.min.js', '/graphql/playground/graphiql.min.js', '/graphql/playground/init.js']);
  for (const src of srcs) {
    const a = await s.get(src);
    assert.is(a.status, 200, src);
    assert.ok(a.text.length > 100, src);
  }
  const raw = await s.request('GET', `/graphql?raw&query=${encodeURIComponent('{ __typename }')}`, { headers: { Accept: 'text/html,*/*' } });
  assert.equal(raw.body, { data: { __typename: 'Query' } }, '`raw` asks for the JSON answer');
});

const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) process.stderr.write(`\nSKIPPED: playground browser test: ${CHROMIUM} is missing (apt-get install -y chromium)\n\n`);

(hasChromium ? test : test.skip)('headless Chromium opens the playground, runs a query and renders the result', async () => {
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 10_000 });
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.url()}`));
    page.on('request', (req) => {
      if (!req.url().startsWith(s.url) && !req.url().startsWith('data:')) problems.push(`left the server: ${req.url()}`);
    });
    const query = '{ tags { data { attributes { name } } } }';
    await page.goto(`${s.url}/graphql?query=${encodeURIComponent(query)}`, { waitUntil: 'load', timeout: 10_000 });
    await page.waitForSelector('.graphiql-execute-button', { timeout: 10_000 });
    await page.click('.graphiql-execute-button');
    await page.waitForSelector('.result-window >> text=rendered-in-the-browser', { timeout: 10_000 });
    const text = await page.textContent('.result-window');
    assert.match(text ?? '', /"name":\s*"rendered-in-the-browser"/);
    assert.equal(problems, []);
  } finally {
    await browser?.close();
  }
});

test('no playground in production (unless playgroundAlways)', async () => {
  const prod = await startTestServer({ name: 'gql-playground-prod', env: { NODE_ENV: 'production' } });
  try {
    const r = await prod.request('GET', '/graphql', { headers: { Accept: 'text/html' } });
    assert.is.not(r.status, 200);
    assert.not.match(r.headers.get('content-type') ?? '', /text\/html/);
    assert.is((await prod.get('/graphql/playground/graphiql.min.js')).status, 404);
  } finally {
    await prod.stop();
  }
});

test.run();
