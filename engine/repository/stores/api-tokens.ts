/**
 * engine/repository/stores: the API token store on quire_api_tokens (permissions kept as JSON text).
 * Tokens are looked up by the hash of their access key; the key itself is never stored. SQL nodes
 * through run-sql.ts.
 */
import { API_TOKENS_TABLE } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement, type Row } from '../run-sql.js';
import { asc, col, columnIs, select, star, table } from '../sql/build.js';
import type { ApiTokenRecord, NewApiToken } from '../types.js';
import { decodeValue } from '../values/decode-value.js';
import { deleteRows, updateRow } from '../write/change-rows.js';
import { insertRow } from '../write/insert-rows.js';

function toRecord(row: Row): ApiTokenRecord {
  const permissions = decodeValue('json', row.permissions);
  return {
    id: Number(row.id),
    name: String(row.name),
    description: (row.description as string | null | undefined) ?? '',
    type: row.type as ApiTokenRecord['type'],
    permissions: Array.isArray(permissions) ? (permissions as string[]) : [],
    accessKeyHash: String(row.access_key_hash),
    expiresAt: decodeValue('datetime', row.expires_at) as string | null,
    lastUsedAt: decodeValue('datetime', row.last_used_at) as string | null,
    createdAt: decodeValue('datetime', row.created_at) as string,
    adminUserId: row.admin_user_id === null || row.admin_user_id === undefined ? null : Number(row.admin_user_id),
  };
}

export async function createApiToken(ctx: RunContext, token: NewApiToken): Promise<ApiTokenRecord> {
  const row = {
    name: token.name,
    description: token.description,
    type: token.type,
    permissions: JSON.stringify(token.permissions ?? []),
    access_key_hash: token.accessKeyHash,
    expires_at: token.expiresAt === null ? null : new Date(token.expiresAt).toISOString(),
    last_used_at: null,
    created_at: new Date().toISOString(),
    admin_user_id: token.adminUserId ?? null,
  };
  return toRecord({ ...row, id: await insertRow(ctx, API_TOKENS_TABLE, row) });
}

async function findOne(ctx: RunContext, column: string, value: unknown): Promise<ApiTokenRecord | undefined> {
  const [row] = await runStatement(ctx, select({ columns: [star()], from: table(API_TOKENS_TABLE), where: columnIs(column, value), limit: 1 }));
  return row ? toRecord(row) : undefined;
}

export function findApiTokenByHash(ctx: RunContext, hash: string): Promise<ApiTokenRecord | undefined> {
  return findOne(ctx, 'access_key_hash', hash);
}

export async function touchApiToken(ctx: RunContext, id: number): Promise<void> {
  await updateRow(ctx, API_TOKENS_TABLE, { last_used_at: new Date().toISOString() }, id);
}

/** every token, oldest first (`quire token list`) */
export async function listApiTokens(ctx: RunContext): Promise<ApiTokenRecord[]> {
  return (await runStatement(ctx, select({ columns: [star()], from: table(API_TOKENS_TABLE), orderBy: [asc(col(undefined, 'id'))] }))).map(toRecord);
}

/** the token named `name` (names are unique, as in Strapi's admin) */
export function findApiTokenByName(ctx: RunContext, name: string): Promise<ApiTokenRecord | undefined> {
  return findOne(ctx, 'name', name);
}

/** returns whether a token was deleted */
export async function deleteApiToken(ctx: RunContext, id: number): Promise<boolean> {
  return (await deleteRows(ctx, API_TOKENS_TABLE, columnIs('id', id))) > 0;
}

/** a new key for the token: the old key stops working (at once here, within the token cache's TTL elsewhere) */
export async function rekeyApiToken(ctx: RunContext, id: number, accessKeyHash: string): Promise<boolean> {
  return (await updateRow(ctx, API_TOKENS_TABLE, { access_key_hash: accessKeyHash, last_used_at: null }, id)) > 0;
}
