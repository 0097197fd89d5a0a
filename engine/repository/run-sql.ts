/**
 * engine/repository: how statements reach a connection. runSql sends one SQL text with `?`
 * placeholders through the dialect's Driver (dialect/*-driver.ts) and returns its rows; runSqlValues
 * answers rows of values, runSqlHeader a write's header. Inside a transaction a statement runs on the
 * connection it holds (transaction.ts), else on one taken from knex's pool (`client.acquireConnection()`).
 * knex's per-statement machinery (builder, runner, events) is skipped, so `onQuery` is called here,
 * once per statement. Every statement but the schema sync's comes through here. runStatement,
 * runStatementValues and runStatementHeader take a statement as SQL nodes (sql/sql-node.ts) and
 * print it with the dialect's printer; shaped() prints a statement once per shape (the write path's
 * INSERTs and UPDATEs, whose text depends on their table and columns only).
 */
import type { WriteHeader } from './dialect/driver.js';
import { quoteId } from './naming.js';
import type { RunContext } from './run-context.js';
import { Slot } from './sql/build.js';
import type { Printed } from './sql/print-sql.js';
import type { Statement } from './sql/sql-node.js';

export type Row = Record<string, unknown>;
export type { WriteHeader };

/** one statement on one driver connection (onQuery called first); `name`: PostgreSQL keeps it prepared on the connection */
export async function sendSql(ctx: RunContext, connection: unknown, text: string, bindings: readonly unknown[], name?: string): Promise<Row[]> {
  return (await send(ctx, connection, text, bindings, false, name)) as Row[];
}

/** sendSql answering rows of values in the order of the select list (no object per row: a page of wide rows costs half) */
async function send(ctx: RunContext, connection: unknown, text: string, bindings: readonly unknown[], values: boolean, name?: string): Promise<unknown[]> {
  ctx.onQuery?.(text);
  const named = name === undefined ? undefined : await prepare(ctx, connection, name);
  return ctx.dialect.driver.query(connection, ctx.connections.kept(connection as object), text, bindings, values, named);
}

/**
 * One write answered by its result header (rows changed; the new id where the driver tells it, see
 * WriteHeader), run where runSql runs it: an UPDATE or DELETE that must say whether it found its
 * row, and on MySQL an INSERT without RETURNING.
 */
async function runSqlHeader(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<WriteHeader> {
  const write = (connection: unknown) => {
    ctx.onQuery?.(text);
    return ctx.dialect.driver.write(connection, ctx.connections.kept(connection as object), text, bindings);
  };
  const idle = ctx.tx ? undefined : ctx.connections.idle();
  return idle !== undefined ? write(idle) : onConnection(ctx, write);
}

/**
 * The name statement `key` runs under on `connection` within the cap of prepared-statements.ts,
 * after closing the least recently used names past it; undefined: run it unnamed (no cap given, cap
 * 0, or inside a transaction when closing one would be needed: a failed DEALLOCATE would end it).
 */
async function prepare(ctx: RunContext, connection: unknown, key: string): Promise<string | undefined> {
  const prepared = ctx.prepared;
  if (prepared === undefined) return undefined;
  const plan = prepared.use(connection as object, key, ctx.tx === undefined);
  for (const old of plan.deallocate) {
    const statement = `DEALLOCATE ${quoteId(old)}`;
    ctx.onQuery?.(statement);
    // a name whose Parse failed was never prepared: nothing to close
    await ctx.dialect.driver.query(connection, ctx.connections.kept(connection as object), statement, [], false).catch(() => undefined);
  }
  if (plan.retire) ctx.connections.retire(connection as object);
  return plan.name;
}

/** the pool of the repository's knex, through the client methods knex declares public */
interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
}

export async function runSql(ctx: RunContext, text: string, bindings: readonly unknown[], name?: string): Promise<Row[]> {
  return (await run(ctx, text, bindings, false, name)) as Row[];
}

/** runSql answering rows of values, in the order of the statement's select list */
async function runSqlValues(ctx: RunContext, text: string, bindings: readonly unknown[]): Promise<unknown[][]> {
  return (await run(ctx, text, bindings, true)) as unknown[][];
}

/** on an idle connection of a database in this process when there is one (connections.ts), else where onConnection runs it */
function run(ctx: RunContext, text: string, bindings: readonly unknown[], values: boolean, name?: string): Promise<unknown[]> {
  const idle = ctx.tx ? undefined : ctx.connections.idle();
  if (idle !== undefined) return send(ctx, idle, text, bindings, values);
  return onConnection(ctx, (connection) => send(ctx, connection, text, bindings, values, name));
}

/** `fn` on the transaction's connection, else on one taken from the pool for it */
async function onConnection<T>(ctx: RunContext, fn: (connection: unknown) => Promise<T>): Promise<T> {
  const tx = ctx.tx;
  if (tx) {
    tx.check();
    return fn(tx.connection);
  }
  const client = ctx.knex.client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    return await fn(connection);
  } finally {
    if (ctx.connections.retiring(connection as object)) ctx.connections.discard(connection);
    client.releaseConnection(connection);
  }
}

/** `statement` as the dialect prints it */
export function printed(ctx: RunContext, statement: Statement): Printed {
  return ctx.dialect.printer.print(statement);
}

/** runSql of a statement printed by the dialect */
export function runStatement(ctx: RunContext, statement: Statement | Printed, name?: string): Promise<Row[]> {
  const { text, bindings } = 'kind' in statement ? printed(ctx, statement) : statement;
  return runSql(ctx, text, bindings, name);
}

/** runSqlValues of a statement printed by the dialect */
export function runStatementValues(ctx: RunContext, statement: Statement | Printed): Promise<unknown[][]> {
  const { text, bindings } = 'kind' in statement ? printed(ctx, statement) : statement;
  return runSqlValues(ctx, text, bindings);
}

/** runSqlHeader of a statement printed by the dialect */
export function runStatementHeader(ctx: RunContext, statement: Statement | Printed): Promise<WriteHeader> {
  const { text, bindings } = 'kind' in statement ? printed(ctx, statement) : statement;
  return runSqlHeader(ctx, text, bindings);
}

/**
 * A statement of shape `key` with `values` in its slots: `build` makes it with bound values
 * `new Slot(n)` (sql/build.ts) standing for `values[n]`, and runs once per shape per repository; the text printed then is kept
 * (ctx.statements, bounded), its bindings filled from `values` in text order.
 *   shaped(ctx, 'update articles title', () => update('articles', { title: new Slot(0) }, columnIs('id', new Slot(1))), ['x', 7])
 *   -> { text: 'UPDATE "articles" SET "title" = ? WHERE "id" = ?', bindings: ['x', 7] }
 */
export function shaped(ctx: RunContext, key: string, build: () => Statement, values: readonly unknown[]): Printed {
  let template = ctx.statements.get(key);
  if (template === undefined) ctx.statements.set(key, (template = printed(ctx, build())));
  const bindings = template.bindings.map((b) => (b instanceof Slot ? values[b.n] : b));
  return { text: template.text, bindings };
}
