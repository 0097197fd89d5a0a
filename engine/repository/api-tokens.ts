/**
 * engine/repository: the API token store on quire_api_tokens (permissions kept as JSON). Tokens
 * are looked up by the hash of their access key; the key itself is never stored.
 */
import { API_TOKENS_TABLE } from './naming.js';
import type { RunContext } from './run-context.js';
import { query } from './run-sql.js';
import type { ApiTokenRecord, NewApiToken } from './types.js';
import { decodeValue } from './values/decode-value.js';

function toRecord(row: Record<string, unknown>): ApiTokenRecord {
  const permissions = decodeValue('json', row.permissions);
  return {
    id: Number(row.id),
    name: String(row.name),
    description: (row.description as string | null) ?? '',
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
  const [r] = await query(ctx, API_TOKENS_TABLE).insert(row).returning('id');
  const id = Number(typeof r === 'object' ? (r as { id: unknown }).id : r);
  return toRecord({ ...row, id });
}

export async function findApiTokenByHash(ctx: RunContext, hash: string): Promise<ApiTokenRecord | undefined> {
  const row = await query(ctx, API_TOKENS_TABLE).where('access_key_hash', hash).first();
  return row ? toRecord(row) : undefined;
}

export async function touchApiToken(ctx: RunContext, id: number): Promise<void> {
  await query(ctx, API_TOKENS_TABLE).where('id', id).update({ last_used_at: new Date().toISOString() });
}
