/**
 * engine/repository/stores: the webhook outbox (quire_webhook_deliveries) and Strapi's own webhooks
 * table, as SQL nodes through run-sql.ts. Deliveries are inserted in the transaction of their change; every
 * process claims due rows with one atomic statement (PostgreSQL skips rows another process is
 * locking, SQLite runs one writer at a time), holds them for a lease, and settles each attempt only
 * while it still holds the claim (the lease ends then; `claimed_by` keeps who made the last attempt).
 * Times are epoch milliseconds.
 */
import { STRAPI_WEBHOOKS_TABLE, WEBHOOK_DELIVERIES_TABLE } from '../naming.js';
import { runStatement, type Row } from '../run-sql.js';
import { and, asc, binary, col, columnIn, columnIs, desc, inList, isNull, lit, or, param, select, star, table, update } from '../sql/build.js';
import type { Select } from '../sql/sql-node.js';
import type { RunContext } from '../run-context.js';
import { runInTransaction } from '../transaction.js';
import type { NewWebhookDelivery, StrapiWebhookRecord, WebhookAttemptOutcome, WebhookDeliveryRecord, WebhookDeliveryStatus } from '../types.js';
import { deleteRows, updateRows } from '../write/change-rows.js';
import { insertRows } from '../write/insert-rows.js';

const COLUMNS = ['id', 'delivery_id', 'webhook', 'url', 'event', 'payload', 'status', 'attempts', 'next_attempt_at', 'claimed_by', 'last_status', 'last_error', 'created_at', 'finished_at'];
const SELECTED = COLUMNS.map((c) => col(undefined, c));
const ID = col(undefined, 'id');
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

/** the due rows, oldest first, locked where the database locks rows (rows another process holds are skipped) */
const due = (now: number, limit: number): Select => select({
  columns: [ID], from: table(WEBHOOK_DELIVERIES_TABLE),
  where: and([
    binary('=', col(undefined, 'status'), lit('pending')),
    binary('<=', col(undefined, 'next_attempt_at'), param(now)),
    or([isNull(col(undefined, 'claimed_until')), binary('<=', col(undefined, 'claimed_until'), param(now))]),
  ]),
  orderBy: [asc(ID)], limit: param(limit), skipLocked: true,
});

/**
 * One statement where UPDATE ... RETURNING is understood (the CTE is evaluated once):
 *   WITH due AS (SELECT "id" FROM "quire_webhook_deliveries" WHERE "status" = 'pending' AND "next_attempt_at" <= ?
 *     AND ("claimed_until" IS NULL OR "claimed_until" <= ?) ORDER BY "id" LIMIT ? [FOR UPDATE SKIP LOCKED])
 *   UPDATE "quire_webhook_deliveries" SET "claimed_by" = ?, "claimed_until" = ? WHERE "id" IN (SELECT "id" FROM due) RETURNING ...
 */
export async function claimDeliveries(ctx: RunContext, worker: string, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRecord[]> {
  if (!ctx.dialect.updateReturning) return claimInTransaction(ctx, worker, now, leaseMs, limit);
  const claim = update(WEBHOOK_DELIVERIES_TABLE, { claimed_by: worker, claimed_until: now + leaseMs }, inList(ID, select({ columns: [ID], from: table('due') })), SELECTED);
  const rows = await runStatement(ctx, { kind: 'with', steps: [{ name: 'due', statement: due(now, limit) }], body: claim });
  return rows.map(recordOf).sort((a, b) => a.id - b.id);
}

/**
 * Without UPDATE ... RETURNING (MySQL and MariaDB): the due rows are locked (skipping rows another
 * process holds), claimed and read back in one short transaction.
 */
async function claimInTransaction(ctx: RunContext, worker: string, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRecord[]> {
  return runInTransaction(ctx, async (tx) => {
    const ids = (await runStatement(tx, due(now, limit))).map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const claimed = columnIn('id', ids);
    await updateRows(tx, WEBHOOK_DELIVERIES_TABLE, { claimed_by: worker, claimed_until: now + leaseMs }, claimed);
    const rows = await runStatement(tx, select({ columns: SELECTED, from: table(WEBHOOK_DELIVERIES_TABLE), where: claimed, orderBy: [asc(ID)] }));
    return rows.map(recordOf);
  });
}

export async function settleDelivery(ctx: RunContext, id: number, worker: string, o: WebhookAttemptOutcome): Promise<boolean> {
  const set = {
    status: o.status, attempts: o.attempts, next_attempt_at: o.nextAttemptAt, last_status: o.lastStatus,
    last_error: o.lastError, finished_at: o.finishedAt, claimed_until: null,
  };
  return (await updateRows(ctx, WEBHOOK_DELIVERIES_TABLE, set, and([columnIs('id', id), columnIs('claimed_by', worker)]))) > 0;
}

export async function listDeliveries(ctx: RunContext, opts: { failed?: boolean; limit: number }): Promise<WebhookDeliveryRecord[]> {
  const rows = await runStatement(ctx, select({
    columns: SELECTED, from: table(WEBHOOK_DELIVERIES_TABLE), ...(opts.failed ? { where: binary('=', col(undefined, 'status'), lit('failed')) } : {}),
    orderBy: [desc(ID)], limit: param(opts.limit),
  }));
  return rows.map(recordOf);
}

export async function pruneDeliveries(ctx: RunContext, before: number): Promise<number> {
  return deleteRows(ctx, WEBHOOK_DELIVERIES_TABLE, and([columnIn('status', ['delivered', 'failed']), binary('<', col(undefined, 'finished_at'), param(before))]));
}

/** Strapi keeps headers and events as JSON (text on SQLite) and `enabled` as a boolean (0/1 on SQLite). */
export async function listStrapiWebhooks(ctx: RunContext): Promise<StrapiWebhookRecord[] | undefined> {
  if (!(await ctx.knex.schema.hasTable(STRAPI_WEBHOOKS_TABLE))) return undefined;
  const rows = await runStatement(ctx, select({ columns: [star()], from: table(STRAPI_WEBHOOKS_TABLE), orderBy: [asc(ID)] }));
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
