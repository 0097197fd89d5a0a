/**
 * bench/ceiling: the ceiling server's database access, straight on the drivers quire uses
 * (better-sqlite3, pg, mysql2) with no query builder: SQL text with `?` placeholders (rewritten to $n once
 * per text for PostgreSQL), prepared statements cached by text on SQLite, a pool of 10 on
 * PostgreSQL (quire's default), one counter of statements sent; on PostgreSQL also named statements
 * (prepared once per connection), for the one-statement ceiling.
 */
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type Row = Record<string, any>;
export type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

export interface CeilingDb {
  readonly dialect: 'sqlite' | 'postgres' | 'mysql';
  readonly query: Query;
  /** PostgreSQL: one statement already numbered (`$1`), prepared on each connection under `name` */
  named(name: string, text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** BEGIN, fn, COMMIT (ROLLBACK on error) on one connection */
  transaction<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  statements(): number;
  close(): Promise<void>;
}

export function openCeilingDb(url: string): CeilingDb {
  if (url.startsWith('mysql:')) return openMysql(url);
  return url.startsWith('sqlite:') ? openSqlite(url.slice('sqlite:'.length).replace(/^\/\//, '')) : openPostgres(url);
}

function openSqlite(file: string): CeilingDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const cache = new Map<string, Database.Statement>();
  let count = 0;
  const query: Query = async (sql, params = []) => {
    count++;
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = db.prepare(sql)));
    const args = params.map((v) => (typeof v === 'boolean' ? Number(v) : v));
    if (stmt.reader) return stmt.all(...args) as Row[];
    stmt.run(...args);
    return [];
  };
  return {
    dialect: 'sqlite',
    query,
    named: () => Promise.reject(new Error('named statements: PostgreSQL only')),
    async transaction(fn) {
      await query('BEGIN');
      try {
        const out = await fn(query);
        await query('COMMIT');
        return out;
      } catch (err) {
        await query('ROLLBACK');
        throw err;
      }
    },
    statements: () => count,
    close: async () => void db.close(),
  };
}

/** `a = ? AND b IN (?, ?)` -> `a = $1 AND b IN ($2, $3)` */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function openPostgres(url: string): CeilingDb {
  // dates as 'YYYY-MM-DD' text, as quire reads them
  const types = { getTypeParser: (oid: number, format?: string) => (oid === 1082 ? (v: string) => v : (pg.types.getTypeParser as any)(oid, format ?? 'text')) };
  // as quire's connections (connect.ts): no JIT, named statements planned once per connection
  const pool = new pg.Pool({ connectionString: url, max: 10, types, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
  const texts = new Map<string, string>();
  let count = 0;
  const on = (client: pg.Pool | pg.PoolClient): Query => async (sql, params = []) => {
    count++;
    let text = texts.get(sql);
    if (text === undefined) texts.set(sql, (text = numbered(sql)));
    return (await client.query(text, params as unknown[])).rows;
  };
  return {
    dialect: 'postgres',
    query: on(pool),
    async named(name, text, params = []) {
      count++;
      return (await pool.query({ name, text, values: params as unknown[] })).rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      const q = on(client);
      try {
        await q('BEGIN');
        const out = await fn(q);
        await q('COMMIT');
        return out;
      } catch (err) {
        await q('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    statements: () => count,
    close: () => pool.end(),
  };
}

function openMysql(url: string): CeilingDb {
  const u = new URL(url);
  // the session quire's connections run with: double-quoted identifiers, UTC, byte-order text, READ COMMITTED
  const pool = mysql.createPool({
    host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password),
    database: u.pathname.slice(1), connectionLimit: 10, timezone: 'Z', dateStrings: ['DATE'], supportBigNumbers: true, bigNumberStrings: true,
    jsonStrings: true,
  });
  pool.on('connection', (c) => {
    c.query("SET SESSION sql_mode = 'ANSI_QUOTES,PIPES_AS_CONCAT', SESSION time_zone = '+00:00', SESSION collation_connection = 'utf8mb4_nopad_bin'");
    // READ COMMITTED, as quire's sessions: REPEATABLE READ's gap locks deadlock parallel creates
    c.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
  });
  let count = 0;
  const on = (client: mysql.Pool | mysql.PoolConnection): Query => async (sql, params = []) => {
    count++;
    // the ceiling's SQL is written for SQLite and PostgreSQL: MySQL casts to CHAR, not TEXT
    const [rows] = await client.query(sql.replaceAll(' AS TEXT)', ' AS CHAR)'), params as unknown[]);
    return Array.isArray(rows) ? (rows as Row[]) : [];
  };
  return {
    dialect: 'mysql',
    query: on(pool),
    named: () => Promise.reject(new Error('named statements: PostgreSQL only')),
    async transaction(fn) {
      const client = await pool.getConnection();
      const q = on(client);
      try {
        await q('BEGIN');
        const out = await fn(q);
        await q('COMMIT');
        return out;
      } catch (err) {
        await q('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    statements: () => count,
    close: () => pool.end(),
  };
}
