/**
 * engine/repository/stores: Objection models of quire's own tables (their columns and indexes are
 * defined for the schema sync in schema/internal-tables.ts): API tokens, admin users, rate-limit
 * counters, password changes, webhook deliveries and the schema snapshot. Properties are the column names; the stores
 * turn them into the records of types.ts. Not bound to a knex: every query names the one it runs on
 * (stores/model-query.ts, or the schema sync's transaction).
 */
import { Model } from 'objection';
import { ADMIN_USERS_TABLE, API_TOKENS_TABLE, PASSWORD_CHANGES_TABLE, RATE_LIMITS_TABLE, SCHEMA_STATE_TABLE, WEBHOOK_DELIVERIES_TABLE } from '../naming.js';

export class ApiTokenModel extends Model {
  static override tableName = API_TOKENS_TABLE;
  /** stringified on the way in, parsed on the way out (PostgreSQL hands jsonb over as text, connect.ts) */
  static override jsonAttributes = ['permissions'];
  declare id: number;
  declare name: string;
  declare description: string | null;
  declare type: string;
  declare permissions: unknown;
  declare access_key_hash: string;
  declare expires_at: unknown;
  declare last_used_at: unknown;
  declare created_at: unknown;
  declare admin_user_id: number | null;
}

export class AdminUserModel extends Model {
  static override tableName = ADMIN_USERS_TABLE;
  declare id: number;
  declare email: string;
  declare firstname: string | null;
  declare lastname: string | null;
  /** bcrypt hash */
  declare password: string;
  declare created_at: string;
}

/** one fixed-window counter per bucket (`window_start`: epoch ms) */
export class RateLimitModel extends Model {
  static override tableName = RATE_LIMITS_TABLE;
  declare id: number;
  declare bucket: string;
  declare hits: number;
  declare window_start: number | string;
}

/** a user's last password change (`changed_at`: epoch ms) */
export class PasswordChangeModel extends Model {
  static override tableName = PASSWORD_CHANGES_TABLE;
  declare id: number;
  declare user_id: number;
  declare changed_at: number | string;
}

/** the one row (id 1) holding the snapshot of the last schema sync, as JSON text */
export class SchemaStateModel extends Model {
  static override tableName = SCHEMA_STATE_TABLE;
  declare id: number;
  declare snapshot: string;
  declare synced_at: string;
}

/** one webhook delivery of the outbox (times: epoch ms) */
export class WebhookDeliveryModel extends Model {
  static override tableName = WEBHOOK_DELIVERIES_TABLE;
  declare id: number;
  declare delivery_id: string;
  declare webhook: string;
  declare url: string;
  declare event: string;
  declare payload: string;
  declare status: string;
  declare attempts: number;
  declare next_attempt_at: number | string;
  declare claimed_by: string | null;
  declare claimed_until: number | string | null;
  declare last_status: number | null;
  declare last_error: string | null;
  declare created_at: number | string;
  declare finished_at: number | string | null;
}
