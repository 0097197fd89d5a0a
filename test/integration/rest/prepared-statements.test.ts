/**
 * integration: the cap on named statements per PostgreSQL connection (repository
 * prepared-statements.ts, DATABASE_PREPARED_STATEMENTS). One pooled connection, so
 * pg_prepared_statements (one session's view) shows what the reads left prepared on it.
 */
import type { Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { postEntry } from '../../helpers/seed-content.js';
import { DIALECT, startTestServer, type TestServer } from '../../helpers/server.js';

const PG = DIALECT === 'postgres';
let s: TestServer | undefined;
let unnamed: TestServer | undefined;
let admin: string;

const knexOf = (server: TestServer) => (server.running.app.repo as unknown as { ctx: { knex: Knex } }).ctx.knex;

async function prepared(server: TestServer): Promise<string[]> {
  const { rows } = await knexOf(server).raw(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'quire_answer%' ORDER BY prepare_time, name`);
  return (rows as { name: string }[]).map((r) => r.name);
}

const backend = async (server: TestServer): Promise<number> => (await knexOf(server).raw('SELECT pg_backend_pid() AS "pid"')).rows[0].pid;

/** three shapes of the same read: the page size is part of the statement's text */
const shape = (n: number) => `/api/tags?pagination[pageSize]=${n}&sort=name:asc`;

test.before(async () => {
  if (!PG) return;
  s = await startTestServer({ name: 'prepared-statements', env: { DATABASE_PREPARED_STATEMENTS: '2', DATABASE_POOL_MAX: '1' } });
  admin = await s.token('full-access');
  for (const name of ['ps-a', 'ps-b', 'ps-c']) await postEntry(s, admin, '/api/tags', { name });
  unnamed = await startTestServer({ name: 'prepared-statements', databaseUrl: s.databaseUrl, env: { DATABASE_PREPARED_STATEMENTS: '0', DATABASE_POOL_MAX: '1' } });
});
test.after(async () => {
  await unnamed?.stop();
  await s?.stop();
});

test('past the cap the least recently used name is closed with DEALLOCATE; a shape that comes back is prepared again', async () => {
  if (!s) return;
  const first = await s.get(shape(1), admin);
  assert.is(first.status, 200, first.text);
  await s.get(shape(2), admin);
  const two = await prepared(s);
  assert.is(two.length, 2, two.join());
  s.queries.length = 0;
  await s.get(shape(1), admin); // shape 1 used last: shape 2 is the oldest now
  await s.get(shape(3), admin);
  const deallocated = s.queries.filter((q) => q.startsWith('DEALLOCATE'));
  assert.equal(deallocated, [`DEALLOCATE "${two[1]}"`], s.queries.join('\n'));
  const after = await prepared(s);
  assert.is(after.length, 2, after.join());
  assert.ok(after.includes(two[0]) && !after.includes(two[1]), `${two} -> ${after}`);
  const again = await s.get(shape(2), admin);
  assert.is(again.status, 200);
  const last = await prepared(s);
  assert.is(last.length, 2, last.join());
  assert.not.ok(last.includes(two[1]), 'a closed name is never reused');
  assert.is((await s.get(shape(1), admin)).text, first.text);
});

test('a connection that closed many names is replaced after its statement', async () => {
  if (!s) return;
  const pid = await backend(s);
  // cap 2: every new shape past it closes one name; past 8 closed names the connection is ended
  for (let n = 10; n < 22; n++) assert.is((await s.get(shape(n), admin)).status, 200);
  assert.is.not(await backend(s), pid);
  assert.ok((await prepared(s)).length <= 2);
});

test('DATABASE_PREPARED_STATEMENTS=0: nothing is prepared, the bodies are the same', async () => {
  if (!unnamed || !s) return;
  for (const n of [1, 2, 3]) assert.is((await unnamed.get(shape(n), admin)).text, (await s.get(shape(n), admin)).text);
  assert.equal(await prepared(unnamed), []);
});

test.run();
