/**
 * engine/repository/stores: on a database Strapi v4 manages, the API tokens made in Strapi's admin:
 * strapi_api_tokens (access_key: HMAC-SHA512 of the key with API_TOKEN_SALT, hex), and for custom
 * tokens their actions in strapi_api_token_permissions, linked through
 * strapi_api_token_permissions_token_links. Read as ApiTokenRecords; only last_used_at is written.
 * Tokens are made in Strapi's admin, never here.
 */
import { ValidationError } from '../../errors/index.js';
import { quoteId } from '../naming.js';
import { columnIs } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { runSql, type Row } from '../run-sql.js';
import type { ApiTokenRecord } from '../types.js';
import { decodeValue } from '../values/decode-value.js';
import { updateRows } from '../write/change-rows.js';

export const STRAPI_API_TOKENS_TABLE = 'strapi_api_tokens';
export const STRAPI_TOKEN_PERMISSIONS_TABLE = 'strapi_api_token_permissions';
export const STRAPI_TOKEN_PERMISSION_LINKS_TABLE = 'strapi_api_token_permissions_token_links';

const TYPES = new Set(['full-access', 'read-only', 'custom']);

function toRecord(row: Row, permissions: string[]): ApiTokenRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: (row.description as string | null | undefined) ?? '',
    // an unknown type grants nothing: it is read as a custom token without permissions
    type: (TYPES.has(row.type as string) ? row.type : 'custom') as ApiTokenRecord['type'],
    permissions,
    accessKeyHash: String(row.access_key),
    expiresAt: decodeValue('datetime', row.expires_at) as string | null,
    lastUsedAt: decodeValue('datetime', row.last_used_at) as string | null,
    createdAt: (decodeValue('datetime', row.created_at) as string | null) ?? '',
    adminUserId: null,
  };
}

export async function findStrapiApiTokenByHash(ctx: RunContext, hash: string): Promise<ApiTokenRecord | undefined> {
  const [row] = await runSql(ctx, `SELECT * FROM ${quoteId(STRAPI_API_TOKENS_TABLE)} WHERE "access_key" = ? LIMIT 1`, [hash]);
  if (!row) return undefined;
  const permissions: string[] = [];
  if (row.type === 'custom') {
    const [p, l] = [quoteId(STRAPI_TOKEN_PERMISSIONS_TABLE), quoteId(STRAPI_TOKEN_PERMISSION_LINKS_TABLE)];
    const rows = await runSql(ctx, `SELECT ${p}."action" FROM ${p} INNER JOIN ${l} ON ${l}."api_token_permission_id" = ${p}."id" WHERE ${l}."api_token_id" = ?`, [row.id]);
    for (const r of rows) if (typeof r.action === 'string') permissions.push(r.action);
  }
  return toRecord(row, permissions);
}

/**
 * last_used_at as Strapi writes it on each database: a Date, which the driver binds as Strapi's
 * knex does (better-sqlite3: epoch ms; pg and mysql2: a timestamp)
 */
export async function touchStrapiApiToken(ctx: RunContext, id: number): Promise<void> {
  await updateRows(ctx, STRAPI_API_TOKENS_TABLE, { last_used_at: new Date() }, columnIs('id', id));
}

export function refuseStrapiTokenCreate(): never {
  throw new ValidationError('API tokens of a Strapi database are made in Strapi\'s admin panel');
}
