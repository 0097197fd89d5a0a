/**
 * engine/repository/stores: the webhook outbox (quire_webhook_deliveries) and Strapi's own webhooks
 * table, as SQL text through run-sql.ts. Deliveries are inserted in the transaction of their change; every
 * process claims due rows with one atomic statement (PostgreSQL skips rows another process is
 * locking, SQLite runs one writer at a time), holds them for a lease, and settles each attempt only
 * while it still holds the claim (the lease ends then; `claimed_by` keeps who made the last attempt).
 * Times are epoch milliseconds.
 */
import { quoteId, STRAPI_WEBHOOKS_TABLE, WEBHOOK_DELIVERIES_TABLE } from '../naming.js';
import { allOf, columnIn, columnIs, sql } from '../query/sql.js';
import { runSql, type Row } from '../run-sql.js';
import type { RunContext } from '../run-context.js';
import { runInTransaction } from '../transaction.js';
import type { NewWebhookDelivery, StrapiWebhookRecord, WebhookAttemptOutcome, WebhookDeliveryRecord, WebhookDeliveryStatus } from '../types.js';
import { deleteRows, updateRows } from '../write/change-rows.js';
import { insertRows } from '../write/insert-rows.js';

const TABLE = quoteId(WEBHOOK_DELIVERIES_TABLE);
const COLUMNS = ['id', 'delivery_id', 'webhook', 'url', 'event', 'payload', 'status', 'attempts', 'next_attempt_at', 'claimed_by', 'last_status', 'last_error', 'created_at', 'finished_at'];
const SELECTED = COLUMNS.map(quoteId).join(', ');
const NEW_COLUMNS = ['delivery_id', 'webhook', 'url', 'event', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at'];

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string') return (text as T) ?? fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function recordOf(row: Row): WebhookDeliveryRecord {
  return {
    id: Number(row.id),
    deliveryId: String(row.delivery_id),
    webhook: String(row.webhook),
    url: String(row.url),
    event: String(row.event),
    payload: String(row.payload),
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    worker: (row.claimed_by as string | null) ?? null,
    lastStatus: num(row.last_status),
    lastError: (row.last_error as string | null) ?? null,
    createdAt: Number(row.created_at),
    finishedAt: num(row.finished_at),
  };
}

export async function enqueueDeliveries(ctx: RunContext, rows: readonly NewWebhookDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  // one multi-row INSERT
  await insertRows(ctx, WEBHOOK_DELIVERIES_TABLE, NEW_COLUMNS, rows.map((r) => [r.deliveryId, r.webhook, r.url, r.event, r.payload, 'pending', 0, r.createdAt, r.createdAt]));
}

/** the due rows, oldest first (bindings: now, now, limit) */
const DUE = `SELECT "id" FROM ${TABLE} WHERE "status" = 'pending' AND "next_attempt_at" <= ? AND ("claimed_until" IS NULL OR "claimed_until" <= ?) ORDER BY "id" LIMIT ?`;

/**
 * One statement where UPDATE ... RETURNING is understood (the CTE is evaluated once):
 *   WITH due AS (SELECT "id" FROM "quire_webhook_deliveries" WHERE "status" = 'pending' AND "next_attempt_at" <= ?
 *     AND ("claimed_until" IS NULL OR "claimed_until" <= ?) ORDER BY "id" LIMIT ? [FOR UPDATE SKIP LOCKED])
 *   UPDATE "quire_webhook_deliveries" SET "claimed_by" = ?, "claimed_until" = ? WHERE "id" IN (SELECT "id" FROM due) RETURNING ...
 */
export async function claimDeliveries(ctx: RunContext, worker: string, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRecord[]> {
  if (!ctx.dialect.updateReturning) return claimInTransaction(ctx, worker, now, leaseMs, limit);
  const text =
    `WITH due AS (${DUE}${ctx.dialect.skipLocked}) ` +
    `UPDATE ${TABLE} SET "claimed_by" = ?, "claimed_until" = ? WHERE "id" IN (SELECT "id" FROM due) RETURNING ${SELECTED}`;
  const rows = await runSql(ctx, text, [now, now, limit, worker, now + leaseMs]);
  return rows.map(recordOf).sort((a, b) => a.id - b.id);
}

/**
 * Without UPDATE ... RETURNING (MySQL and MariaDB): the due rows are locked (skipping rows another
 * process holds), claimed and read back in one short transaction.
 */
async function claimInTransaction(ctx: RunContext, worker: string, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRecord[]> {
  return runInTransaction(ctx, async (tx) => {
    const due = await runSql(tx, `${DUE}${tx.dialect.skipLocked}`, [now, now, limit]);
    const ids = due.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const claimed = columnIn('id', ids);
    await updateRows(tx, WEBHOOK_DELIVERIES_TABLE, { claimed_by: worker, claimed_until: now + leaseMs }, claimed);
    const rows = await runSql(tx, `SELECT ${SELECTED} FROM ${TABLE} WHERE ${claimed.text} ORDER BY "id"`, claimed.bindings);
    return rows.map(recordOf);
  });
}

export async function settleDelivery(ctx: RunContext, id: number, worker: string, o: WebhookAttemptOutcome): Promise<boolean> {
  const set = {
    status: o.status, attempts: o.attempts, next_attempt_at: o.nextAttemptAt, last_status: o.lastStatus,
    last_error: o.lastError, finished_at: o.finishedAt, claimed_until: null,
  };
  return (await updateRows(ctx, WEBHOOK_DELIVERIES_TABLE, set, allOf(columnIs('id', id), columnIs('claimed_by', worker)))) > 0;
}

export async function listDeliveries(ctx: RunContext, opts: { failed?: boolean; limit: number }): Promise<WebhookDeliveryRecord[]> {
  const rows = await runSql(ctx, `SELECT ${SELECTED} FROM ${TABLE}${opts.failed ? ` WHERE "status" = 'failed'` : ''} ORDER BY "id" DESC LIMIT ?`, [opts.limit]);
  return rows.map(recordOf);
}

export async function pruneDeliveries(ctx: RunContext, before: number): Promise<number> {
  return deleteRows(ctx, WEBHOOK_DELIVERIES_TABLE, allOf(columnIn('status', ['delivered', 'failed']), sql('"finished_at" < ?', [before])));
}

/** Strapi keeps headers and events as JSON (text on SQLite) and `enabled` as a boolean (0/1 on SQLite). */
export async function listStrapiWebhooks(ctx: RunContext): Promise<StrapiWebhookRecord[] | undefined> {
  if (!(await ctx.knex.schema.hasTable(STRAPI_WEBHOOKS_TABLE))) return undefined;
  const rows = await runSql(ctx, `SELECT * FROM ${quoteId(STRAPI_WEBHOOKS_TABLE)} ORDER BY "id"`, []);
  return rows.map((r) => {
    const headers = parseJson<unknown>(r.headers, {});
    const events = parseJson<unknown>(r.events, []);
    return {
      id: Number(r.id),
      name: String(r.name ?? ''),
      url: String(r.url ?? ''),
      headers: headers && typeof headers === 'object' && !Array.isArray(headers) ? (headers as Record<string, string>) : {},
      events: Array.isArray(events) ? events.map(String) : [],
      enabled: r.enabled === true || r.enabled === 1 || r.enabled === '1' || r.enabled === 't',
    };
  });
}
