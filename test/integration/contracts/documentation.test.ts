/**
 * integration (contracts): the API reference page. Headless Chromium (Debian's /usr/bin/chromium
 * driven by playwright-core, offline) opens /documentation, finds the example's operations, authorizes
 * with a bearer token, sends one request through "Try it out" and sees the response, and runs a list,
 * a findOne and a create with the values the page fills in; every request the
 * page makes stays on this server. With private contracts the page asks for a token first. Without
 * /usr/bin/chromium the browser tests are skipped, loudly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { EXAMPLE_SPEC } from '../../helpers/spec-dir.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TIMEOUT = 20_000;

let s: TestServer;
let browser: Browser | undefined;
let admin: string;
let tagId: number;

const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) process.stderr.write(`\nSKIPPED: documentation browser tests: ${CHROMIUM} is missing (apt-get install -y chromium)\n\n`);
const browserTest = hasChromium ? test : test.skip;

test.before(async () => {
  s = await startTestServer({ name: 'contracts-documentation' });
  admin = await s.token('full-access');
  const created = await s.request('POST', '/api/tags', { token: admin, body: { data: { name: 'sent-from-try-it' } } });
  assert.is(created.status, 200, created.text);
  tagId = created.body.data.id;
  if (hasChromium) browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: TIMEOUT });
});
test.after(async () => {
  await browser?.close();
  await s.stop();
});

/** a page that records errors and any request leaving the server */
async function openPage(base: string): Promise<{ page: Page; problems: string[]; requests: { url: string; authorization?: string }[] }> {
  const page = await browser!.newPage();
  const problems: string[] = [];
  const requests: { url: string; authorization?: string }[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('request', (req) => {
    requests.push({ url: req.url(), authorization: req.headers().authorization });
    if (!req.url().startsWith(base) && !req.url().startsWith('data:')) problems.push(`left the server: ${req.url()}`);
  });
  return { page, problems, requests };
}

browserTest('headless Chromium lists the operations and sends a request through "Try it out" with the bearer token', async () => {
  const { page, problems, requests } = await openPage(s.url);
  try {
    await page.goto(`${s.url}/documentation`, { waitUntil: 'load', timeout: TIMEOUT });
    await page.waitForSelector('.opblock', { timeout: TIMEOUT });
    // every operation of the example, by operationId
    const doc = JSON.parse(readFileSync(join(EXAMPLE_SPEC, 'artifacts', 'openapi.json'), 'utf8'));
    const operationIds = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId)).sort();
    const shown = (await page.$$eval('.opblock .opblock-summary-operation-id', (els) => els.map((e) => e.textContent?.trim() ?? ''))).sort();
    assert.equal(shown, operationIds);

    // Authorize: the bearer token for every "try it" request
    await page.click('.auth-wrapper .authorize');
    await page.fill('.modal-ux input[type="text"], .modal-ux input[type="password"]', admin);
    await page.click('.modal-ux .auth-btn-wrapper button.authorize');
    await page.click('.modal-ux .btn-done, .modal-ux button.close-modal');

    // DELETE /api/tags/{id} needs a token: the public role may not delete
    const op = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^tag\.delete$/ }) });
    await op.locator('.opblock-summary').first().click();
    await op.locator('.try-out__btn').click();
    await op.locator('tr[data-param-name="id"] input').fill(String(tagId));
    await op.locator('.execute').click();
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: TIMEOUT });
    assert.is((await status.textContent())?.trim(), '200');
    const body = await op.locator('.live-responses-table tbody .response-col_description').first().textContent();
    assert.match(body ?? '', /sent-from-try-it/);
    const sent = requests.find((r) => r.url === `${s.url}/api/tags/${tagId}`);
    assert.is(sent?.authorization, `Bearer ${admin}`);
    assert.is((await s.get(`/api/tags/${tagId}`)).status, 404, 'the request really ran');
    assert.equal(problems, []);
  } finally {
    await page.close();
  }
});

/** Try it out → Execute with what the page fills in; returns the status shown and the request sent */
async function tryItOut(page: Page, requests: { url: string; method: string; body?: string }[], operationId: string): Promise<{ status: string; sent?: { url: string; method: string; body?: string } }> {
  const op = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-operation-id', { hasText: new RegExp(`^${operationId.replace('.', '\\.')}$`) }) });
  await op.locator('.opblock-summary').first().click();
  await op.locator('.try-out__btn').click();
  const before = requests.length;
  await op.locator('.execute').click();
  const status = op.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor({ timeout: TIMEOUT });
  return { status: (await status.textContent())?.trim() ?? '', sent: requests.slice(before).find((r) => r.url.includes('/api/')) };
}

browserTest('"Try it out" works with the values the page fills in: a list (short URL, filters as qs brackets), a findOne and a create', async () => {
  const created = await s.request('POST', '/api/articles', { token: admin, body: { data: { title: 'first article', publishedAt: new Date().toISOString() } } });
  assert.is(created.status, 200, created.text);
  const page = await browser!.newPage();
  const problems: string[] = [];
  const requests: { url: string; method: string; body?: string }[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (req) => requests.push({ url: req.url(), method: req.method(), body: req.postData() ?? undefined }));
  try {
    await page.goto(`${s.url}/documentation`, { waitUntil: 'load', timeout: TIMEOUT });
    await page.waitForSelector('.opblock', { timeout: TIMEOUT });
    await page.click('.auth-wrapper .authorize');
    await page.fill('.modal-ux input[type="text"], .modal-ux input[type="password"]', admin);
    await page.click('.modal-ux .auth-btn-wrapper button.authorize');
    await page.click('.modal-ux .btn-done, .modal-ux button.close-modal');

    const list = await tryItOut(page, requests, 'article.find');
    assert.is(list.status, '200', list.sent?.url);
    const url = new URL(list.sent!.url);
    assert.ok(list.sent!.url.length < 500, `a short URL: ${list.sent!.url.length} characters`);
    assert.is(url.searchParams.get('filters[id][$gt]'), '0', 'a nested filter in bracket form');
    assert.not.ok([...url.searchParams.values()].some((v) => v.startsWith('{')), 'no JSON text');
    assert.is(url.searchParams.get('pagination[page]'), '1');

    const one = await tryItOut(page, requests, 'article.findOne');
    assert.is(one.status, '200', one.sent?.url);
    assert.match(one.sent!.url, new RegExp(`/api/articles/${created.body.data.id}\\b`));

    const before = (await s.get('/api/tags?pagination[pageSize]=100', admin)).body.data.length;
    const create = await tryItOut(page, requests, 'tag.create');
    assert.is(create.status, '200', create.sent?.body);
    assert.is(create.sent!.method, 'POST');
    assert.equal(JSON.parse(create.sent!.body!), { data: { name: 'example' } });
    assert.is((await s.get('/api/tags?pagination[pageSize]=100', admin)).body.data.length, before + 1, 'the entry was created');
    assert.equal(problems, []);
  } finally {
    await page.close();
  }
});

browserTest('private contracts: the page asks for a token, then renders', async () => {
  const priv = await startTestServer({ name: 'contracts-documentation-private', env: { CONTRACTS_PUBLIC: 'false' } });
  const token = await priv.token('full-access');
  const { page, problems } = await openPage(priv.url);
  try {
    await page.goto(`${priv.url}/documentation`, { waitUntil: 'load', timeout: TIMEOUT });
    await page.waitForSelector('#token-form:not([hidden])', { timeout: TIMEOUT });
    await page.fill('#token-input', token);
    await page.click('#token-form button[type="submit"]');
    await page.waitForSelector('.opblock', { timeout: TIMEOUT });
    assert.ok((await page.$$('.opblock')).length > 10);
    // the 403 of the first attempt is the only error the console may show
    assert.equal(problems.filter((p) => !/403/.test(p)), []);
  } finally {
    await page.close();
    await priv.stop();
  }
});

test.run();
