/**
 * engine/repository/stores: the API token store on quire_api_tokens (ApiTokenModel; permissions kept
 * as JSON). Tokens are looked up by the hash of their access key; the key itself is never stored.
 */
import type { RunContext } from '../run-context.js';
import type { ApiTokenRecord, NewApiToken } from '../types.js';
import { decodeValue } from '../values/decode-value.js';
import { ApiTokenModel } from './internal-models.js';
import { modelQuery } from './model-query.js';

function toRecord(row: ApiTokenModel): ApiTokenRecord {
  const permissions = decodeValue('json', row.permissions);
  return {
    id: Number(row.id),
    name: String(row.name),
    description: row.description ?? '',
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
  const row = await modelQuery(ctx, ApiTokenModel).insert({
    name: token.name,
    description: token.description,
    type: token.type,
    permissions: token.permissions ?? [],
    access_key_hash: token.accessKeyHash,
    expires_at: token.expiresAt === null ? null : new Date(token.expiresAt).toISOString(),
    last_used_at: null,
    created_at: new Date().toISOString(),
    admin_user_id: token.adminUserId ?? null,
  });
  return toRecord(row);
}

export async function findApiTokenByHash(ctx: RunContext, hash: string): Promise<ApiTokenRecord | undefined> {
  const row = await modelQuery(ctx, ApiTokenModel).findOne({ access_key_hash: hash });
  return row ? toRecord(row) : undefined;
}

export async function touchApiToken(ctx: RunContext, id: number): Promise<void> {
  await modelQuery(ctx, ApiTokenModel).findById(id).patch({ last_used_at: new Date().toISOString() });
}

/** every token, oldest first (`quire token list`) */
export async function listApiTokens(ctx: RunContext): Promise<ApiTokenRecord[]> {
  const rows = await modelQuery(ctx, ApiTokenModel).orderBy('id');
  return rows.map(toRecord);
}

/** the token named `name` (names are unique, as in Strapi's admin) */
export async function findApiTokenByName(ctx: RunContext, name: string): Promise<ApiTokenRecord | undefined> {
  const row = await modelQuery(ctx, ApiTokenModel).findOne({ name });
  return row ? toRecord(row) : undefined;
}

/** returns whether a token was deleted */
export async function deleteApiToken(ctx: RunContext, id: number): Promise<boolean> {
  return (await modelQuery(ctx, ApiTokenModel).deleteById(id)) > 0;
}

/** a new key for the token: the old key stops working (at once here, within the token cache's TTL elsewhere) */
export async function rekeyApiToken(ctx: RunContext, id: number, accessKeyHash: string): Promise<boolean> {
  return (await modelQuery(ctx, ApiTokenModel).findById(id).patch({ access_key_hash: accessKeyHash, last_used_at: null })) > 0;
}
