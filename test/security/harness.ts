/**
 * security suite helpers: a test server whose every answer is checked for leaks (private values,
 * password hashes, tokens, stack traces, SQL), raw HTTP requests (bytes, source address, odd paths)
 * checked the same way, and seeded content that holds known secrets to look for.
 *
 * A JWT may appear only as the value of a `jwt` key (login and register answers); API token keys and
 * every value registered with `secret()` may appear nowhere.
 */
import { request as httpRequest } from 'node:http';
import type { Knex } from 'knex';
import * as assert from 'uvu/assert';
import { startTestServer, type TestResponse, type TestServer, type TestServerOptions } from '../helpers/server.js';
import { exampleArtifacts } from '../integration/users/users-fixture.js';
import { editJson } from '../helpers/spec-dir.js';

export const JWT_SECRET = 'test-jwt-secret-0123456789'; // startTestServer's JWT_SECRET
export const PASSWORD = 'correct-horse-9';

/** values that must never come back: private attributes, clear passwords, reset tokens, API token keys */
const secrets = new Set<string>();
export function secret<T extends string>(value: T): T {
  secrets.add(value);
  return value;
}

const LEAKS: { name: string; re: RegExp }[] = [
  { name: 'a password hash', re: /\$2[aby]\$\d\d\$/ },
  { name: 'a password or token key', re: /"(password|resetPasswordToken|confirmationToken|accessKey|accessKeyHash|access_key_hash|previewPassword|internalNotes|payoutAccount|analyticsKey)"\s*:/ },
  { name: 'a JWT', re: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/ },
  { name: 'a stack trace', re: /\n\s+at [^\n]+:\d+:\d+|\bat [\w.<>]+ \((?:file:|node:|\/)[^)]*\)|(?:file:\/\/|\/)[\w./-]+\.(?:js|ts):\d+:\d+/ },
  { name: 'SQL', re: /\b(select|from|into|update|join|where|order by|returning)\s+\\?"[a-z0-9_]+\\?"|SQLITE_[A-Z]+|syntax error at or near|no such (table|column)|(relation|column) \\?"[^"\\]+\\?" does not exist|violates (unique|foreign key|not-null|check) constraint|invalid input syntax for|knex|better-sqlite3|SqliteError|error: [a-z ]+ at character/i },
];

/** Throws when `text` (an answer's body) shows something that must never leave the server. */
export function assertNoLeak(text: string, label: string): void {
  // a JWT is the answer of login/register: allowed as the value of `jwt`, nowhere else
  const scanned = text.replace(/"jwt"\s*:\s*"[A-Za-z0-9_.-]*"/g, '"jwt":"<jwt>"');
  for (const { name, re } of LEAKS) {
    const m = re.exec(scanned);
    if (m) assert.unreachable(`${label}: the answer shows ${name} (${JSON.stringify(m[0])}): ${text.slice(0, 400)}`);
  }
  for (const v of secrets) if (text.includes(v)) assert.unreachable(`${label}: the answer shows the secret ${JSON.stringify(v)}: ${text.slice(0, 400)}`);
}

function checked(r: TestResponse, label: string): TestResponse {
  assertNoLeak(r.text, label);
  if (r.status >= 500) assert.unreachable(`${label}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

/** A test server whose every answer (REST, GraphQL, raw) is checked by assertNoLeak and never a 5xx. */
export async function startSecureServer(opts: TestServerOptions): Promise<TestServer> {
  const s = await startTestServer(opts);
  const request = s.request;
  s.request = async (method, path, o) => checked(await request(method, path, o), `${method} ${path.slice(0, 200)}`);
  s.get = (path, token) => s.request('GET', path, { token });
  const token = s.token;
  s.token = async (...args) => secret(await token(...args));
  return s;
}

export interface RawRequest {
  method?: string;
  path: string;
  /** an array value sends the header once per item (several `Authorization` lines) */
  headers?: Record<string, string | number | string[]>;
  body?: string | Buffer;
  /** the source address (127.0.0.x) */
  from?: string;
  /** leave the 5xx check to the caller */
  allow5xx?: boolean;
  /** send the body in chunks (Transfer-Encoding: chunked, no Content-Length) */
  chunked?: boolean;
}

/** One HTTP/1.1 request with exactly these bytes, path and headers (no URL normalization). */
export function raw(s: TestServer, r: RawRequest): Promise<TestResponse> {
  const url = new URL(s.url);
  const body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body);
  const headers: Record<string, string | number | string[]> = { ...(body && !r.chunked && { 'Content-Length': body.length }), ...r.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: r.path, method: r.method ?? 'GET', headers, localAddress: r.from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : String(v));
        const out = { status: res.statusCode ?? 0, headers: h, body: parsed, text };
        if (r.allow5xx) {
          assertNoLeak(text, `${r.method ?? 'GET'} ${r.path.slice(0, 120)}`);
          resolve(out);
        } else resolve(checked(out, `${r.method ?? 'GET'} ${r.path.slice(0, 120)}`));
      });
    });
    req.on('error', reject);
    if (body && r.chunked) {
      for (let at = 0; at < body.length; at += 16_384) req.write(body.subarray(at, at + 16_384));
      req.end();
    } else req.end(body);
  });
}

/** The knex handle of a test server, to write rows an attacker cannot (reset tokens) and read what was stored. */
export function knexOf(s: TestServer): Knex {
  return (s.running.app.repo as unknown as { knex: Knex }).knex;
}

/**
 * specs/example with an `editor` role (may list users and find roles, update itself), a `moderator`
 * role (may also update and delete other users) and the users-permissions grants the suite uses.
 */
export function securityArtifacts(): Promise<string> {
  return exampleArtifacts((spec) => {
    editJson(spec, 'config/permissions.json', (p) => {
      const reads = (p.public as string[]).filter((x) => x.startsWith('api::'));
      p.public = [...p.public, 'plugin::users-permissions.auth.callback', 'plugin::users-permissions.auth.register'];
      p.authenticated = [...p.authenticated, 'plugin::users-permissions.user.me', 'plugin::users-permissions.user.update', 'plugin::users-permissions.user.destroy'];
      p.editor = [...reads, 'api::article.article.create', 'plugin::users-permissions.user.me', 'plugin::users-permissions.user.find', 'plugin::users-permissions.user.findOne', 'plugin::users-permissions.user.count', 'plugin::users-permissions.role.find'];
      p.moderator = [...reads, 'plugin::users-permissions.user.me', 'plugin::users-permissions.user.find', 'plugin::users-permissions.user.update', 'plugin::users-permissions.user.destroy',
        'plugin::users-permissions.user.updateAny', 'plugin::users-permissions.user.destroyAny'];
    });
  });
}

export interface Registered {
  jwt: string;
  user: { id: number } & Record<string, unknown>;
}

export async function registerUser(s: TestServer, username: string, password = PASSWORD): Promise<Registered> {
  const r = await s.request('POST', '/api/auth/local/register', { body: { username, email: `${username}@example.com`, password } });
  assert.is(r.status, 200, r.text);
  return r.body as Registered;
}

/** Give a user another role (the way an administrator would, in the database). */
export async function setRole(s: TestServer, userId: number, role: string): Promise<void> {
  const k = knexOf(s);
  const roleId = (await k('up_roles').where('type', role).first()).id;
  await k('up_users_role_links').where('user_id', userId).update({ role_id: roleId });
}

export interface Seeded {
  admin: string;
  /** two published articles: `alpha` (every secret set) and `beta` (other secrets) */
  alpha: number;
  beta: number;
  author: number;
  reviewer: Registered;
  secrets: { note: string; preview: string; payout: string; reset: string };
}

/** Articles, an author and a reviewer (a registered user with a reset token) holding known secrets. */
export async function seedSecrets(s: TestServer): Promise<Seeded> {
  const admin = await s.token('full-access');
  const tag = Math.random().toString(36).slice(2, 8);
  const note = secret(`SECRET-NOTE-${tag}`);
  const preview = secret(`SECRET-PW-${tag}`);
  const payout = secret(`XXSECRETIBAN${tag.toUpperCase()}`);
  const reset = secret(`SECRET-RESET-${tag}`);
  const reviewer = await registerUser(s, `reviewer${tag}`);
  await knexOf(s)('up_users').where('id', reviewer.user.id).update({ reset_password_token: reset });
  const post = async (path: string, data: unknown) => {
    const r = await s.request('POST', path, { body: { data }, token: admin });
    assert.is(r.status, 200, r.text);
    return r.body.data.id as number;
  };
  const author = await post('/api/authors', { name: 'Ada', email: `ada-${tag}@example.com`, payoutAccount: payout });
  const alpha = await post('/api/articles', { title: 'Alpha', internalNotes: note, previewPassword: preview, author, reviewer: reviewer.user.id, publishedAt: new Date().toISOString() });
  const beta = await post('/api/articles', { title: 'Beta', internalNotes: secret(`OTHER-NOTE-${tag}`), previewPassword: secret(`OTHER-PW-${tag}`), publishedAt: new Date().toISOString() });
  return { admin, alpha, beta, author, reviewer, secrets: { note, preview, payout, reset } };
}

/** ids of a REST list answer (empty for an error) */
export const idsOf = (r: TestResponse): number[] => (Array.isArray(r.body?.data) ? r.body.data.map((e: { id: number }) => e.id) : Array.isArray(r.body) ? r.body.map((e: { id: number }) => e.id) : []).sort((a: number, b: number) => a - b);
