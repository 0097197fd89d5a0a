/**
 * engine/repository/stores: on a database Strapi v4 manages, the API tokens made in Strapi's admin:
 * strapi_api_tokens (access_key: HMAC-SHA512 of the key with API_TOKEN_SALT, hex), and for custom
 * tokens their actions in strapi_api_token_permissions, linked through
 * strapi_api_token_permissions_token_links. Read as ApiTokenRecords; only last_used_at is written.
 * Tokens are made in Strapi's admin, never here.
 */
import { ValidationError } from '../../errors/index.js';
import type { RunContext } from '../run-context.js';
import { runStatement, type Row } from '../run-sql.js';
import { col, columnIs, eq, param, select, star, table } from '../sql/build.js';
import type { ApiTokenRecord } from '../types.js';
import { decodeValue } from '../values/decode-value.js';
import { updateRow } from '../write/change-rows.js';

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
  const [row] = await runStatement(ctx, select({ columns: [star()], from: table(STRAPI_API_TOKENS_TABLE), where: columnIs('access_key', hash), limit: 1 }));
  if (!row) return undefined;
  const permissions: string[] = [];
  if (row.type === 'custom') {
    const [p, l] = [STRAPI_TOKEN_PERMISSIONS_TABLE, STRAPI_TOKEN_PERMISSION_LINKS_TABLE];
    const rows = await runStatement(ctx, select({
      columns: [col(p, 'action')], from: table(p),
      joins: [{ source: table(l), on: eq(col(l, 'api_token_permission_id'), col(p, 'id')) }],
      where: eq(col(l, 'api_token_id'), param(row.id)),
    }));
    for (const r of rows) if (typeof r.action === 'string') permissions.push(r.action);
  }
  return toRecord(row, permissions);
}

/**
 * last_used_at as Strapi writes it on each database: a Date, which the driver binds as Strapi's
 * knex does (better-sqlite3: epoch ms; pg and mysql2: a timestamp)
 */
export async function touchStrapiApiToken(ctx: RunContext, id: number): Promise<void> {
  await updateRow(ctx, STRAPI_API_TOKENS_TABLE, { last_used_at: new Date() }, id);
}

export function refuseStrapiTokenCreate(): never {
  throw new ValidationError('API tokens of a Strapi database are made in Strapi\'s admin panel');
}
