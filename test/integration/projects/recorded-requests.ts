/**
 * integration (projects): a Strapi v4 project of test/fixtures/projects built with `quire build` as it
 * is, served on the dialect under test, and sent its recorded requests (test/fixtures/projects/requests/
 * <project>.json) in order: REST, GraphQL and uploads, as the admin (a full-access token), the public role
 * or a registered user. Each answer must equal the recorded one once timestamps and file hashes are
 * masked, on SQLite and on PostgreSQL alike. QUIRE_RECORD=1 writes the answers into the file instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../../compiler/cli.js';
import { startTestServer, type TestResponse, type TestServer } from '../../helpers/server.js';
import { FIXTURES, runCli, tempDir } from '../../helpers/spec-dir.js';

export interface RecordedRequest {
  name: string;
  /** who sends it: the full-access token (default), no credentials, or the JWT of the user registered by an earlier step */
  as?: 'admin' | 'public' | 'user';
  method?: string;
  path?: string;
  body?: unknown;
  /** a GraphQL document, POSTed to /graphql with `variables` */
  graphql?: string;
  variables?: Record<string, unknown>;
  /** a PNG of this size uploaded to /api/upload */
  upload?: { name: string; width: number; height: number };
  status?: number;
  response?: unknown;
}

const RECORD = process.env.QUIRE_RECORD === '1';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Timestamps -> `<date>`; upload hashes and the file names and URLs built from them -> masked. */
export function mask(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return '<date>';
    if (key === 'hash') return '<hash>';
    if (key === 'url' && value.startsWith('/uploads/')) return '/uploads/<file>';
    if (key === 'jwt') return '<jwt>';
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => mask(v));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
  return value;
}

async function send(s: TestServer, r: RecordedRequest, token: string | undefined): Promise<TestResponse> {
  if (r.upload) {
    const png = await sharp({ create: { width: r.upload.width, height: r.upload.height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const form = new FormData();
    form.append('files', new Blob([png], { type: 'image/png' }), r.upload.name);
    const res = await fetch(`${s.url}/api/upload`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  }
  if (r.graphql !== undefined) return s.request('POST', '/graphql', { body: { query: r.graphql, ...(r.variables && { variables: r.variables }) }, token });
  return s.request(r.method ?? 'GET', r.path as string, { body: r.body, token });
}

/** Register the uvu tests of one project: build, serve, then one test per recorded request. */
export function recordedProjectSuite(project: string, src = join(FIXTURES, 'projects', project)): void {
  const file = join(FIXTURES, 'projects', 'requests', `${project}.json`);
  const requests = JSON.parse(readFileSync(file, 'utf8')) as RecordedRequest[];
  let s: TestServer;
  let admin: string;
  let jwt: string | undefined;

  test.before(async () => {
    const out = join(tempDir(), 'artifacts');
    const built = await runCli(main, ['build', '--src', src, '--out', out]);
    assert.is(built.code, 0, built.err.join('\n'));
    s = await startTestServer({ name: `project-${project}`, artifactsDir: out, env: { UPLOAD_DIR: tempDir('quire-uploads-'), UPLOAD_TMP_DIR: tempDir('quire-spool-') } });
    admin = await s.token('full-access');
  });
  test.after(async () => {
    await s?.stop();
    if (RECORD) writeFileSync(file, JSON.stringify(requests, null, 2) + '\n');
  });

  for (const r of requests) {
    test(`${project}: ${r.name}`, async () => {
      const token = r.as === 'public' ? undefined : r.as === 'user' ? jwt : admin;
      const res = await send(s, r, token);
      if (typeof res.body?.jwt === 'string') jwt = res.body.jwt;
      const got = mask(res.body);
      if (RECORD) {
        r.status = res.status;
        r.response = got;
        return;
      }
      assert.is(res.status, r.status, res.text.slice(0, 2000));
      assert.equal(got, r.response);
    });
  }
  test.run();
}
