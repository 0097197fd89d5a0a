/**
 * integration: what operators poll. `/_health` (liveness) and `/_ready` (the database answers; 503
 * while it does not), the request id of every answer and log line, and Prometheus `/metrics`: off by
 * default, behind its own bearer token or on its own listener, counting requests by route and status,
 * statements and GraphQL operations.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../../helpers/server.js';

const METRICS_TOKEN = 'metrics-token-0123456789';

test('/_ready answers 200 while the database answers, 503 with Retry-After once it does not; /_health stays 204', async () => {
  const s = await startTestServer({ name: 'ops-ready' });
  try {
    const ok = await s.get('/_ready');
    assert.is(ok.status, 200);
    assert.equal(ok.body, { status: 'ready', database: 'up' });
    // the pool closed under the running server: the database is away for this process
    await s.running.app.repo.close();
    const down = await s.get('/_ready');
    assert.is(down.status, 503, down.text);
    assert.is(down.headers.get('retry-after'), '5');
    assert.is(down.body.error.name, 'ServiceUnavailableError');
    assert.is((await s.get('/_health')).status, 204);
  } finally {
    await s.stop();
  }
});

test('every answer carries X-Request-Id (a client one kept when it is a plain token) and its log line the same id', async () => {
  const lines: any[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l)); done(); } });
  const s = await startTestServer({ name: 'ops-reqid', logger: pino({ level: 'info' }, sink) });
  try {
    const made = await s.get('/api/articles');
    assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const kept = await s.request('GET', '/api/articles', { headers: { 'X-Request-Id': 'trace-42.a' } });
    assert.is(kept.headers.get('x-request-id'), 'trace-42.a');
    const odd = await s.request('GET', '/api/nowhere', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    assert.is(odd.status, 404);
    assert.match(odd.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 50));
    const requestLines = lines.filter((l) => l.msg === 'request');
    assert.ok(requestLines.some((l) => l.reqId === 'trace-42.a' && l.url === '/api/articles' && l.status === 200), JSON.stringify(requestLines));
    assert.ok(requestLines.some((l) => l.reqId === made.headers.get('x-request-id')));
  } finally {
    await s.stop();
  }
});

test('a request Node refuses before quire sees it (headers over 16 KB: 431) is logged', async () => {
  const lines: any[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l)); done(); } });
  const s = await startTestServer({ name: 'ops-431', logger: pino({ level: 'warn' }, sink) });
  try {
    const r = await fetch(`${s.url}/api/articles?${'filters[title][$eq]=x&'.repeat(1200)}`);
    assert.is(r.status, 431);
    await new Promise((res) => setTimeout(res, 50));
    assert.ok(lines.some((l) => l.status === 431 && l.code === 'HPE_HEADER_OVERFLOW' && /headers larger than 16 KB/.test(l.msg)), JSON.stringify(lines));
  } finally {
    await s.stop();
  }
});

test('/metrics is off by default', async () => {
  const s = await startTestServer({ name: 'ops-metrics-off' });
  try {
    assert.is((await s.get('/metrics')).status, 404);
  } finally {
    await s.stop();
  }
});

test('/metrics with METRICS_TOKEN: 401 without it; requests by route and status, durations, statements, GraphQL operations, pool, prepared reads', async () => {
  const s = await startTestServer({ name: 'ops-metrics', env: { METRICS_ENABLED: 'true', METRICS_TOKEN } });
  try {
    const token = await s.token('full-access');
    assert.is((await s.get('/api/articles', token)).status, 200);
    assert.is((await s.get('/api/articles', token)).status, 200);
    assert.is((await s.get('/api/articles/999999', token)).status, 404);
    assert.is((await s.request('POST', '/graphql', { body: { query: '{ articles { data { id } } }' }, token })).status, 200);
    assert.is((await s.get('/metrics')).status, 401);
    assert.is((await s.get('/metrics', 'wrong-token-0123456789')).status, 401);
    const m = await s.get('/metrics', METRICS_TOKEN);
    assert.is(m.status, 200);
    assert.match(m.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(m.text, /quire_http_requests_total\{method="GET",route="\/api\/articles",status="200"\} 2/);
    // the list read twice (one miss, then a hit), the missing entry and the GraphQL document: prepared once each
    assert.match(m.text, /quire_prepared_reads_hits_total 1\n/);
    assert.match(m.text, /quire_prepared_reads_misses_total [34]\n/);
    assert.match(m.text, /quire_prepared_reads_kept [34]\n/);
    assert.match(m.text, /quire_http_requests_total\{method="GET",route="\/api\/articles\/\{id\}",status="404"\} 1/);
    assert.match(m.text, /quire_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/articles"\}/);
    assert.match(m.text, /quire_graphql_operations_total\{type="query"\} 1/);
    const statements = Number(/quire_db_statements_total (\d+)/.exec(m.text)?.[1]);
    assert.ok(statements > 0, 'statements counted');
    assert.match(m.text, /quire_db_pool_connections_open [1-9]/);
    assert.match(m.text, /process_resident_memory_bytes/);
  } finally {
    await s.stop();
  }
});

test('/metrics with METRICS_PORT only: served on its own listener, not on the API port', async () => {
  const s = await startTestServer({ name: 'ops-metrics-port', env: { METRICS_ENABLED: 'true', METRICS_PORT: '0' } });
  try {
    assert.is((await s.get('/metrics')).status, 404);
    assert.ok(s.running.metricsUrl, 'the metrics listener address');
    const r = await fetch(s.running.metricsUrl as string);
    assert.is(r.status, 200);
    assert.match(await r.text(), /quire_http_requests_total/);
  } finally {
    await s.stop();
  }
});

test.run();
