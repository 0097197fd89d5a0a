/**
 * repository integration: Repository.transaction on one pooled connection. Statements of the
 * transaction (SQL sent by the repository and knex builder calls alike) see its uncommitted rows and
 * other connections do not; BEGIN/COMMIT/ROLLBACK are counted by onQuery; a failure rolls everything
 * back and leaves the connection usable; a nested transaction is a savepoint; a statement after the
 * end is refused; PostgreSQL: the transaction's backend killed half way is a 503, nothing is kept and
 * the pool serves the next request on a new connection. A connection whose ROLLBACK fails or does not
 * answer is never handed out again.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError, ServiceUnavailableError } from '../../../engine/errors/errors.js';
import { createRepository } from '../../../engine/repository/index.js';
import type { KnexRepository } from '../../../engine/repository/knex-repository.js';
import { runSql } from '../../../engine/repository/run-sql.js';
import type { Repository } from '../../../engine/repository/types.js';
import { PG_URL } from '../../helpers/database.js';
import { ARTICLE, create, data, DIALECT, ids, openFixture, rejection, TAG, type Fixture } from './fixture.js';

let f: Fixture;

test.before(async () => {
  f = await openFixture('transactions');
});

test.after(() => f.close());

const names = async (repo: Repository) => (await repo.find({ kind: 'find', uid: TAG, sort: [], page: { style: 'page', page: 1, pageSize: 100, withCount: false }, populate: {}, publicationState: 'preview' })).entries.map((e) => e.name);

test(`[${DIALECT}] statements inside see the transaction's rows, builder calls included; BEGIN and COMMIT counted`, async () => {
  f.queries.length = 0;
  const id = await f.repo.transaction(async (tx) => {
    const id = await create(tx, TAG, { name: 'inside' });
    // update runs through a knex builder: it must reach the uncommitted row on the same connection
    assert.is(await tx.update({ kind: 'update', uid: TAG, id, data: data({ name: 'inside, updated' }) }), id);
    assert.equal(await names(tx), ['inside, updated']);
    return id;
  });
  assert.is(f.queries[0], 'BEGIN');
  assert.is(f.queries[f.queries.length - 1], 'COMMIT');
  assert.ok(f.queries.some((q) => /^update/i.test(q)), 'the builder update is counted');
  assert.equal(await names(f.repo), ['inside, updated']);
  await f.repo.delete({ kind: 'delete', uid: TAG, id });
});

test(`[${DIALECT}] a failure rolls back every statement, ROLLBACK counted, and the connection serves the next transaction`, async () => {
  f.queries.length = 0;
  const err = await rejection(
    f.repo.transaction(async (tx) => {
      await create(tx, TAG, { name: 'rolled back' });
      await tx.update({ kind: 'update', uid: TAG, id: (await ids(tx, TAG))[0], data: data({ name: 'rolled back, updated' }) });
      throw new NotFoundError('Not Found');
    }),
  );
  assert.instance(err, NotFoundError, 'the error passes through');
  assert.is(f.queries[f.queries.length - 1], 'ROLLBACK');
  assert.equal(await names(f.repo), []);
  await f.repo.transaction((tx) => create(tx, TAG, { name: 'after' }));
  // a second repository (its own connection) sees the row: the first connection is not left in a transaction
  const other = await createRepository({ model: f.model, databaseUrl: f.databaseUrl });
  try {
    assert.equal(await names(other), ['after']);
  } finally {
    await other.close();
  }
  await f.knex('tags').del();
});

test(`[${DIALECT}] a transaction inside a transaction is a savepoint: its failure undoes its own statements only`, async () => {
  await f.repo.transaction(async (tx) => {
    await create(tx, TAG, { name: 'outer' });
    const inner = await rejection(
      tx.transaction(async (tx2) => {
        await create(tx2, TAG, { name: 'inner' });
        throw new NotFoundError('Not Found');
      }),
    );
    assert.instance(inner, NotFoundError);
    await tx.transaction((tx2) => create(tx2, TAG, { name: 'inner kept' }));
  });
  assert.equal(await names(f.repo), ['outer', 'inner kept']);
  await f.knex('tags').del();
});

test(`[${DIALECT}] a statement after the end of its transaction is refused, builder calls too`, async () => {
  let kept: Repository | undefined;
  await f.repo.transaction(async (tx) => {
    kept = tx;
  });
  const sent = await rejection(create(kept!, TAG, { name: 'late' }));
  assert.match(String(sent.message), /after the end of its transaction/);
  const built = await rejection(kept!.update({ kind: 'update', uid: TAG, id: 1, data: data({ name: 'late' }) }));
  assert.match(String(built.message), /after the end of its transaction/);
  assert.equal(await names(f.repo), []);
});

test(`[${DIALECT}] a read outside an open transaction does not see its rows (SQLite: it waits for the one connection)`, async () => {
  let outside: Promise<unknown[]> | undefined;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const done = f.repo.transaction(async (tx) => {
    await create(tx, TAG, { name: 'uncommitted' });
    // a read through the repository itself, not the transaction, while the transaction is open
    outside = names(f.repo);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await held;
    throw new Error('roll back');
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  release();
  await rejection(done);
  assert.equal(await outside!, [], 'the rolled-back row was never visible outside');
  assert.equal(await names(f.repo), []);
});

test(`[${DIALECT}] a connection whose ROLLBACK failed is never handed out again: the next statements run on a new one`, async () => {
  // the statement hook refuses the ROLLBACK once: the connection stays inside the failed
  // transaction, its uncommitted row visible to whoever would use it next
  let refuse = true;
  const repo = await createRepository({
    model: f.model, databaseUrl: f.databaseUrl, pool: { max: 1 },
    onQuery: (sql) => {
      if (sql === 'ROLLBACK' && refuse) {
        refuse = false;
        throw new Error('ROLLBACK refused');
      }
    },
  });
  try {
    const err = await rejection(
      repo.transaction(async (tx) => {
        await create(tx, TAG, { name: 'left open' });
        throw new NotFoundError('Not Found');
      }),
    );
    assert.instance(err, NotFoundError, 'the error of the transaction passes through');
    assert.equal(await names(repo), [], 'a read outside does not run inside the stale transaction');
    await repo.transaction((tx) => create(tx, TAG, { name: 'next' }));
    assert.equal(await names(repo), ['next']);
    assert.equal(await names(f.repo), ['next'], 'committed for everyone, the stale row never');
  } finally {
    await repo.close();
    await f.knex('tags').del();
  }
});

/** the PostgreSQL backend a transaction's statements run on */
async function backendPid(tx: Repository): Promise<number> {
  const [row] = await runSql((tx as KnexRepository).ctx, DIALECT === 'mysql' ? 'SELECT CONNECTION_ID() AS pid' : 'SELECT pg_backend_pid() AS pid', []);
  return Number(row.pid);
}

/** a plain client of the server under test, outside quire: a count, a backend killed, the end */
interface Outside {
  count(where?: string): Promise<number>;
  kill(pid: number): Promise<unknown>;
  end(): Promise<void>;
}

async function outsideClient(databaseUrl: string): Promise<Outside> {
  if (DIALECT === 'mysql') {
    const u = new URL(databaseUrl);
    const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password), database: u.pathname.slice(1) });
    return {
      count: async (where = '') => Number(((await c.query(`SELECT COUNT(*) AS n FROM tags ${where}`))[0] as { n: unknown }[])[0].n),
      kill: (pid) => c.query(`KILL CONNECTION ${Number(pid)}`),
      end: () => c.end(),
    };
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return {
    count: async (where = '') => (await c.query(`SELECT COUNT(*)::int AS n FROM tags ${where}`)).rows[0].n,
    kill: (pid) => c.query('SELECT pg_terminate_backend($1)', [pid]),
    end: () => c.end(),
  };
}

if (DIALECT === 'postgres' || DIALECT === 'mysql') {
  test(`[${DIALECT}] other connections do not see the rows before COMMIT`, async () => {
    const outside = await outsideClient(f.databaseUrl);
    try {
      await f.repo.transaction(async (tx) => {
        await create(tx, TAG, { name: 'not yet' });
        await tx.update({ kind: 'update', uid: TAG, id: (await ids(tx, TAG))[0], data: data({ name: 'not yet, updated' }) });
        assert.is(await outside.count(), 0);
      });
      assert.is(await outside.count("WHERE name = 'not yet, updated'"), 1);
    } finally {
      await outside.end();
      await f.knex('tags').del();
    }
  });

  test(`[${DIALECT}] a ROLLBACK that does not answer: the connection is cut after 5 s and never handed out again`, async () => {
    // a TCP relay in front of the server that stops relaying on demand (a network that hangs)
    let frozen = false;
    const held: Socket[] = [];
    const relay = createServer((client) => {
      const server = connect(Number(new URL(f.databaseUrl).port || (DIALECT === 'mysql' ? 3306 : 5432)), '127.0.0.1');
      held.push(client, server);
      const pipe = (from: Socket, to: Socket) => from.on('data', (d) => void (frozen ? undefined : to.write(d)));
      pipe(client, server);
      pipe(server, client);
      const close = () => { client.destroy(); server.destroy(); };
      client.on('close', close).on('error', close);
      server.on('close', close).on('error', close);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const url = new URL(f.databaseUrl);
    url.host = `127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const repo = await createRepository({ model: f.model, databaseUrl: url.toString(), pool: { max: 1 } });
    try {
      let pid = 0;
      const started = Date.now();
      const err = await rejection(
        repo.transaction(async (tx) => {
          await create(tx, TAG, { name: 'never' });
          pid = await backendPid(tx);
          frozen = true;
          throw new NotFoundError('Not Found');
        }),
      );
      assert.instance(err, NotFoundError);
      assert.ok(Date.now() - started >= 4500, 'the ROLLBACK was waited for');
      frozen = false;
      await repo.transaction(async (tx) => {
        assert.is.not(await backendPid(tx), pid, 'a new connection');
        await create(tx, TAG, { name: 'next' });
      });
      assert.equal(await names(f.repo), ['next']);
    } finally {
      frozen = false;
      await repo.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
      await f.knex('tags').del();
    }
  });

  test(`[${DIALECT}] the backend killed half way: 503, nothing kept, the next transaction gets a new connection`, async () => {
    const repo = await createRepository({ model: f.model, databaseUrl: f.databaseUrl, pool: { max: 1 } });
    const admin = await outsideClient(DIALECT === 'mysql' ? f.databaseUrl : PG_URL);
    try {
      const pids: number[] = [];
      const err = await rejection(
        repo.transaction(async (tx) => {
          await create(tx, ARTICLE, { title: 'half way' });
          pids.push(await backendPid(tx));
          await admin.kill(pids[0]);
          await create(tx, TAG, { name: 'never' });
        }),
      );
      assert.instance(err, ServiceUnavailableError, String(err));
      // the one pooled connection was dropped: the next transaction runs on a new backend
      await repo.transaction(async (tx) => {
        assert.is.not(await backendPid(tx), pids[0]);
        await create(tx, TAG, { name: 'next' });
      });
      assert.equal(await names(repo), ['next']);
      assert.equal(await ids(repo, ARTICLE, { where: { kind: 'cmp', field: 'title', op: '$eq', value: 'half way' } }), []);
    } finally {
      await admin.end();
      await repo.close();
      await f.knex('tags').del();
    }
  });
}

test.run();
