/**
 * engine/repository/stores: on a database Strapi v4 manages, the API tokens made in Strapi's admin:
 * strapi_api_tokens (access_key: HMAC-SHA512 of the key with API_TOKEN_SALT, hex), and for custom
 * tokens their actions in strapi_api_token_permissions, linked through
 * strapi_api_token_permissions_token_links. Read as ApiTokenRecords; only last_used_at is written.
 * Tokens are made in Strapi's admin, never here.
 */
import { Model } from 'objection';
import { ValidationError } from '../../errors/index.js';
import type { RunContext } from '../run-context.js';
import type { ApiTokenRecord } from '../types.js';
import { decodeValue } from '../values/decode-value.js';
import { modelQuery } from './model-query.js';

export const STRAPI_API_TOKENS_TABLE = 'strapi_api_tokens';
export const STRAPI_TOKEN_PERMISSIONS_TABLE = 'strapi_api_token_permissions';
export const STRAPI_TOKEN_PERMISSION_LINKS_TABLE = 'strapi_api_token_permissions_token_links';

export class StrapiApiTokenModel extends Model {
  static override tableName = STRAPI_API_TOKENS_TABLE;
  declare id: number;
  declare name: string;
  declare description: string | null;
  declare type: string;
  declare access_key: string;
  declare expires_at: unknown;
  declare last_used_at: unknown;
  declare created_at: unknown;
}

export class StrapiTokenPermissionModel extends Model {
  static override tableName = STRAPI_TOKEN_PERMISSIONS_TABLE;
  declare id: number;
  declare action: string;
}

const TYPES = new Set(['full-access', 'read-only', 'custom']);

function toRecord(row: StrapiApiTokenModel, permissions: string[]): ApiTokenRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: row.description ?? '',
    // an unknown type grants nothing: it is read as a custom token without permissions
    type: (TYPES.has(row.type) ? row.type : 'custom') as ApiTokenRecord['type'],
    permissions,
    accessKeyHash: String(row.access_key),
    expiresAt: decodeValue('datetime', row.expires_at) as string | null,
    lastUsedAt: decodeValue('datetime', row.last_used_at) as string | null,
    createdAt: (decodeValue('datetime', row.created_at) as string | null) ?? '',
    adminUserId: null,
  };
}

export async function findStrapiApiTokenByHash(ctx: RunContext, hash: string): Promise<ApiTokenRecord | undefined> {
  const row = await modelQuery(ctx, StrapiApiTokenModel).findOne({ access_key: hash });
  if (!row) return undefined;
  const permissions: string[] = [];
  if (row.type === 'custom') {
    const rows = await modelQuery(ctx, StrapiTokenPermissionModel)
      .select(`${STRAPI_TOKEN_PERMISSIONS_TABLE}.action`)
      .join(STRAPI_TOKEN_PERMISSION_LINKS_TABLE, `${STRAPI_TOKEN_PERMISSION_LINKS_TABLE}.api_token_permission_id`, `${STRAPI_TOKEN_PERMISSIONS_TABLE}.id`)
      .where(`${STRAPI_TOKEN_PERMISSION_LINKS_TABLE}.api_token_id`, row.id);
    for (const p of rows) if (typeof p.action === 'string') permissions.push(p.action);
  }
  return toRecord(row, permissions);
}

/**
 * last_used_at as Strapi writes it on each database: a Date, which the driver binds as Strapi's
 * knex does (better-sqlite3: epoch ms; pg and mysql2: a timestamp)
 */
export async function touchStrapiApiToken(ctx: RunContext, id: number): Promise<void> {
  await modelQuery(ctx, StrapiApiTokenModel).findById(id).patch({ last_used_at: new Date() });
}

export function refuseStrapiTokenCreate(): never {
  throw new ValidationError('API tokens of a Strapi database are made in Strapi\'s admin panel');
}
