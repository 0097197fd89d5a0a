/**
 * engine/repository: storage names derived from the model, the way Strapi v4 names them:
 * attribute `wordCount` -> column `word_count`, `<table>_components` link tables, index names that
 * fit PostgreSQL's 63-byte identifier limit. Pure string functions; no knex.
 */
import { createHash } from 'node:crypto';

/** Split into words the way lodash does (the same rule compiler/model uses for join-table names). */
function words(s: string): string[] {
  return s.match(/[A-Z]{2,}(?=[A-Z][a-z]+[0-9]*|\b)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g) ?? [];
}

/** `wordCount` -> `word_count`, `provider_metadata` -> `provider_metadata`, `publishedAt` -> `published_at` */
export function columnName(attribute: string): string {
  return words(attribute).map((w) => w.toLowerCase()).join('_');
}

/** Strapi v4's entity-component link table of a content-type or component table. */
export function componentLinkTable(ownerTable: string): string {
  return `${ownerTable}_components`;
}

/** Strapi v4's link table between files and the entries/components that use them. */
export const MORPH_TABLE = 'files_related_morphs';
export const FILE_UID = 'plugin::upload.file';
/** the users-permissions plugin's roles and their grants, and the i18n plugin's locales (stores/) */
export const ROLE_UID = 'plugin::users-permissions.role';
/** the users-permissions user: its email is unique when `advanced.unique_email` is on (schema/desired-schema.ts) */
export const USER_UID = 'plugin::users-permissions.user';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
export const LOCALE_UID = 'plugin::i18n.locale';
export const API_TOKENS_TABLE = 'quire_api_tokens';
export const SCHEMA_STATE_TABLE = 'quire_schema_state';
export const ADMIN_USERS_TABLE = 'quire_admin_users';
export const RATE_LIMITS_TABLE = 'quire_rate_limits';
export const PASSWORD_CHANGES_TABLE = 'quire_password_changes';
export const WEBHOOK_DELIVERIES_TABLE = 'quire_webhook_deliveries';
/** Strapi v4's webhooks table (Settings -> Webhooks), read when the database has it */
export const STRAPI_WEBHOOKS_TABLE = 'strapi_webhooks';
/** Strapi v4's key-value store of its admin settings (i18n default locale, users-permissions advanced settings...) */
export const STRAPI_CORE_STORE_TABLE = 'strapi_core_store_settings';

/** Localizations link table of a localized type (Strapi v4: `<table>_localizations_links`). */
export interface LocalizationsTable {
  readonly name: string;
  readonly self: string;
  readonly other: string;
  readonly order: string;
}

export function localizationsTable(table: string, singularName: string): LocalizationsTable {
  const s = columnName(singularName);
  return { name: `${table}_localizations_links`, self: `${s}_id`, other: `inv_${s}_id`, order: `${s}_order` };
}

/** `<table>_<suffix>`, shortened with a hash when longer than PostgreSQL's 63-byte limit. */
export function indexName(table: string, suffix: string): string {
  const name = `${table}_${suffix}`;
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** Double-quoted SQL identifier (both dialects accept this form). */
export function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `t0`, `name` -> `"t0"."name"` */
/** a MySQL identifier for a client without ANSI_QUOTES (an operator's): backquoted, backquotes doubled */
export function backquoteId(name: string): string {
  const tick = String.fromCharCode(96);
  return tick + name.split(tick).join(tick + tick) + tick;
}

export function qualified(alias: string, column: string): string {
  return `${quoteId(alias)}.${quoteId(column)}`;
}
