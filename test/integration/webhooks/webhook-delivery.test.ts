/**
 * integration (webhooks): delivery from the outbox, on the database under test, with real local
 * receivers: a receiver that fails then recovers gets the delivery once, after waits that grow;
 * attempts stop at WEBHOOKS_MAX_ATTEMPTS (failed, listed by `quire webhooks deliveries --failed`);
 * deliveries pending when quire stops are sent by the next start; two quire processes (this one and
 * a `quire serve` child process) draining one outbox send each delivery once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../../engine/cli.js';
import type { TestServer } from '../../helpers/server.js';
import { REPO_ROOT, runCli } from '../../helpers/spec-dir.js';
import { testDatabaseUrl } from '../../helpers/database.js';
import { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { FAST, startWebhookServer, webhookArtifacts } from './webhooks-fixture.js';

const ENTRY = ['entry.create', 'entry.update', 'entry.delete'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createTags(s: TestServer, token: string, names: string[]): Promise<void> {
  for (const name of names) {
    const r = await s.request('POST', '/api/tags', { body: { data: { name } }, token });
    assert.is(r.status, 200, r.text);
  }
}

/** wait until the outbox holds no pending delivery */
async function settled(s: TestServer, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await s.running.app.repo.webhooks.list({ limit: 1000 })).some((d) => d.status === 'pending')) {
    if (Date.now() > until) throw new Error('deliveries still pending');
    await sleep(25);
  }
}

test('a receiver that fails, then recovers, gets the delivery once; the waits grow; the request never waited', async () => {
  const receiver = await new WebhookReceiver().start();
  const s = await startWebhookServer('webhook-retry', await webhookArtifacts([{ name: 'flaky', url: receiver.url, events: ENTRY }]));
  try {
    const token = await s.token('full-access');
    receiver.failing = 3;
    const started = Date.now();
    await createTags(s, token, ['retried']);
    assert.ok(Date.now() - started < 2000);
    await receiver.waitFor(1);
    await settled(s);
    assert.equal(receiver.attempts.map((a) => a.answered), [503, 503, 503, 200]);
    const ids = new Set(receiver.attempts.map((a) => a.headers['x-quire-delivery']));
    assert.is(ids.size, 1, 'every attempt carries the same delivery id');
    const gaps = receiver.attempts.slice(1).map((a, i) => a.at - receiver.attempts[i].at);
    // WEBHOOKS_BACKOFF_MS 100, doubled each time, capped at 400
    assert.ok(gaps[0] >= 90 && gaps[1] >= 190 && gaps[2] >= 390, `waits ${gaps.join(', ')} ms`);
    const [d] = await s.running.app.repo.webhooks.list({ limit: 1 });
    assert.equal([d.status, d.attempts, d.lastStatus, d.lastError], ['delivered', 4, 200, null]);
    assert.ok(d.finishedAt !== null);
    // finished deliveries are deleted after WEBHOOKS_RETENTION_DAYS; pending ones never
    await createTags(s, token, ['pending one']);
    receiver.failing = 100;
    assert.is(await s.running.app.repo.webhooks.prune(Date.now() + 1), 1);
    assert.equal((await s.running.app.repo.webhooks.list({ limit: 10 })).map((x) => x.status), ['pending']);
  } finally {
    await s.stop();
    await receiver.stop();
  }
});

test('a receiver that never answers: failed after WEBHOOKS_MAX_ATTEMPTS, listed by `webhooks deliveries --failed`', async () => {
  const gone = await new WebhookReceiver().start();
  await gone.stop();
  const artifacts = await webhookArtifacts([{ name: 'gone', url: gone.url, events: ENTRY }]);
  const s = await startWebhookServer('webhook-give-up', artifacts, { WEBHOOKS_MAX_ATTEMPTS: '3' });
  try {
    await createTags(s, await s.token('full-access'), ['never delivered']);
    await settled(s);
    const [d] = await s.running.app.repo.webhooks.list({ limit: 1 });
    assert.equal([d.status, d.attempts, d.lastStatus], ['failed', 3, null]);
    assert.match(String(d.lastError), /ECONNREFUSED/);
    const env = process.env;
    process.env = { ...env, DATABASE_URL: s.databaseUrl };
    try {
      const r = await runCli(main, ['webhooks', 'deliveries', '--artifacts', artifacts, '--failed']);
      assert.is(r.code, 0);
      assert.is(r.out.length, 2);
      assert.match(r.out[1], new RegExp(`${d.deliveryId}\\s+gone\\s+entry\\.create\\s+failed\\s+3\\s+-\\s+`));
      assert.match(r.out[1], /ECONNREFUSED$/);
    } finally {
      process.env = env;
    }
  } finally {
    await s.stop();
  }
});

test('deliveries pending when quire stops are sent after the restart, once each', async () => {
  const receiver = await new WebhookReceiver().start();
  const port = receiver.port;
  await receiver.stop();
  const artifacts = await webhookArtifacts([{ name: 'site', url: receiver.url, events: ENTRY }]);
  const databaseUrl = await testDatabaseUrl('webhook-restart');
  const first = await startWebhookServer('webhook-restart', artifacts, { WEBHOOKS_BACKOFF_MS: '200', WEBHOOKS_BACKOFF_MAX_MS: '200' }, databaseUrl);
  await createTags(first, await first.token('full-access'), ['r1', 'r2', 'r3']);
  await sleep(300);
  const before = await first.running.app.repo.webhooks.list({ limit: 10 });
  assert.equal(before.map((d) => d.status), ['pending', 'pending', 'pending']);
  assert.ok(before.every((d) => d.attempts >= 1), 'tried while the receiver was down');
  await first.stop();
  await receiver.start(port);
  const second = await startWebhookServer('webhook-restart', artifacts, {}, databaseUrl);
  try {
    await receiver.waitFor(3);
    await settled(second);
    await sleep(200);
    assert.equal(receiver.received.map((r) => r.body.entry.name).sort(), ['r1', 'r2', 'r3']);
    assert.equal(new Set(receiver.received.map((r) => r.headers['x-quire-delivery'])).size, 3);
    assert.equal(receiver.received.map((r) => r.headers['x-quire-delivery']).sort(), before.map((d) => d.deliveryId).sort(), 'the ids written before the restart');
  } finally {
    await second.stop();
    await receiver.stop();
  }
});

/** `quire serve` in a child process on the same database; resolves once it listens */
function serveChild(artifacts: string, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'quire.js'), 'serve', '--artifacts', artifacts], {
    env: { ...process.env, ...FAST, WEBHOOKS_POLL_MS: '20', NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, JWT_SECRET: 'test-jwt-secret-0123456789', API_TOKEN_SALT: 'test-token-salt-0123456789', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`quire serve did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('quire serving')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`quire serve exited ${code}: ${out}`)));
  });
}

test('two quire processes draining one outbox send each delivery once', async () => {
  const receiver = await new WebhookReceiver().start();
  receiver.delayMs = 15;
  const artifacts = await webhookArtifacts([{ name: 'site', url: receiver.url, events: ENTRY }]);
  const databaseUrl = await testDatabaseUrl('webhook-two-processes');
  // this process and a child `quire serve` drain the outbox while a third one, which sends nothing
  // (WEBHOOKS_DELIVER=false), writes 40 changes into it
  const [here, child] = await Promise.all([startWebhookServer('webhook-two-processes', artifacts, { WEBHOOKS_POLL_MS: '20' }, databaseUrl), serveChild(artifacts, databaseUrl)]);
  const writer = await startWebhookServer('webhook-two-processes', artifacts, { WEBHOOKS_DELIVER: 'false' }, databaseUrl);
  const names = Array.from({ length: 40 }, (_, i) => `t${i}`);
  await createTags(writer, await writer.token('full-access'), names);
  await writer.stop();
  try {
    await receiver.waitFor(40, 20_000);
    await settled(here);
    await sleep(300);
    const ids = receiver.received.map((r) => r.headers['x-quire-delivery']);
    assert.is(ids.length, 40, 'no delivery sent twice');
    assert.is(new Set(ids).size, 40);
    assert.equal(receiver.received.map((r) => r.body.entry.name).sort(), [...names].sort());
    const rows = await here.running.app.repo.webhooks.list({ limit: 100 });
    assert.ok(rows.every((d) => d.status === 'delivered' && d.attempts === 1));
    const workers = new Set(rows.map((d) => d.worker));
    assert.ok(workers.has(here.running.app.webhooks!.dispatcher.worker), 'this process sent some');
    assert.is(workers.size, 2, 'and the child process the others');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await here.stop();
    await receiver.stop();
  }
});

test.run();
