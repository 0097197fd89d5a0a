/**
 * engine/repository/schema: quire's own tables, as TableDefs for the sync: quire_api_tokens (API
 * tokens, stored as key hashes), quire_admin_users (the admins behind API tokens, for
 * createdBy/updatedBy), quire_rate_limits (failed-attempt counters shared by every server process)
 * quire_password_changes (when each user's password last changed: older JWTs are refused) and
 * quire_webhook_deliveries (the webhook outbox, written in the transaction of each change). Pure data.
 */
import { ADMIN_USERS_TABLE, API_TOKENS_TABLE, indexName, PASSWORD_CHANGES_TABLE, RATE_LIMITS_TABLE, WEBHOOK_DELIVERIES_TABLE } from '../naming.js';
import type { TableDef } from './table-defs.js';

function adminUsersDef(): TableDef {
  return {
    name: ADMIN_USERS_TABLE, role: 'internal', about: 'admin users',
    columns: [
      { name: 'id', kind: 'increments' },
      { name: 'email', kind: 'varchar' },
      { name: 'firstname', kind: 'varchar' },
      { name: 'lastname', kind: 'varchar' },
      { name: 'password', kind: 'varchar' },
      { name: 'created_at', kind: 'datetime' },
    ],
    indexes: [{ name: indexName(ADMIN_USERS_TABLE, 'email_unique'), columns: ['email'], unique: true }],
  };
}

function rateLimitsDef(): TableDef {
  return {
    name: RATE_LIMITS_TABLE, role: 'internal', about: 'auth rate limits',
    columns: [
      { name: 'id', kind: 'increments' },
      { name: 'bucket', kind: 'varchar' },
      { name: 'hits', kind: 'integer' },
      // epoch milliseconds the current window opened at
      { name: 'window_start', kind: 'bigint' },
    ],
    indexes: [
      { name: indexName(RATE_LIMITS_TABLE, 'bucket_unique'), columns: ['bucket'], unique: true },
      { name: indexName(RATE_LIMITS_TABLE, 'window_start_index'), columns: ['window_start'], unique: false },
    ],
  };
}

function passwordChangesDef(): TableDef {
  return {
    name: PASSWORD_CHANGES_TABLE, role: 'internal', about: 'password changes',
    columns: [
      { name: 'id', kind: 'increments' },
      { name: 'user_id', kind: 'integer' },
      // epoch milliseconds of the user's last password change
      { name: 'changed_at', kind: 'bigint' },
    ],
    indexes: [{ name: indexName(PASSWORD_CHANGES_TABLE, 'user_unique'), columns: ['user_id'], unique: true }],
  };
}

function webhookDeliveriesDef(): TableDef {
  return {
    name: WEBHOOK_DELIVERIES_TABLE, role: 'internal', about: 'webhook deliveries',
    columns: [
      { name: 'id', kind: 'increments' },
      // sent as X-Quire-Delivery: the receiver's key to deduplicate
      { name: 'delivery_id', kind: 'varchar' },
      { name: 'webhook', kind: 'varchar' },
      { name: 'url', kind: 'text' },
      { name: 'event', kind: 'varchar' },
      // the exact JSON body sent on every attempt
      { name: 'payload', kind: 'text' },
      // pending | delivered | failed
      { name: 'status', kind: 'varchar' },
      { name: 'attempts', kind: 'integer' },
      // epoch milliseconds
      { name: 'next_attempt_at', kind: 'bigint' },
      { name: 'claimed_by', kind: 'varchar' },
      { name: 'claimed_until', kind: 'bigint' },
      { name: 'last_status', kind: 'integer' },
      { name: 'last_error', kind: 'text' },
      { name: 'created_at', kind: 'bigint' },
      { name: 'finished_at', kind: 'bigint' },
    ],
    indexes: [
      { name: indexName(WEBHOOK_DELIVERIES_TABLE, 'delivery_id_unique'), columns: ['delivery_id'], unique: true },
      { name: indexName(WEBHOOK_DELIVERIES_TABLE, 'due_index'), columns: ['status', 'next_attempt_at'], unique: false },
    ],
  };
}

function apiTokensDef(): TableDef {
  return {
    name: API_TOKENS_TABLE, role: 'internal', about: 'API tokens',
    columns: [
      { name: 'id', kind: 'increments' },
      { name: 'name', kind: 'varchar' },
      { name: 'description', kind: 'text' },
      { name: 'type', kind: 'varchar' },
      { name: 'permissions', kind: 'json' },
      { name: 'access_key_hash', kind: 'varchar' },
      { name: 'expires_at', kind: 'datetime' },
      { name: 'last_used_at', kind: 'datetime' },
      { name: 'created_at', kind: 'datetime' },
      { name: 'admin_user_id', kind: 'integer' },
    ],
    indexes: [
      { name: indexName(API_TOKENS_TABLE, 'name_unique'), columns: ['name'], unique: true },
      { name: indexName(API_TOKENS_TABLE, 'access_key_hash_unique'), columns: ['access_key_hash'], unique: true },
    ],
  };
}

export function internalTables(): TableDef[] {
  return [apiTokensDef(), adminUsersDef(), rateLimitsDef(), passwordChangesDef(), webhookDeliveriesDef()];
}
