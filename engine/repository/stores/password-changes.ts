/**
 * engine/repository/stores: when each user's password last changed (quire_password_changes, one row
 * per user, epoch milliseconds), so JWTs issued before the change are refused. Kept beside up_users
 * rather than in it, so the user type and databases shared with Strapi stay as they are; the schema
 * sync adds the table to existing databases. A user without a row never changed their password here.
 */
import { PASSWORD_CHANGES_TABLE, quoteId } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runSql } from '../run-sql.js';

const TABLE = quoteId(PASSWORD_CHANGES_TABLE);

/**
 * one atomic upsert: `at` becomes the user's last change
 *   INSERT INTO "quire_password_changes" ("user_id", "changed_at") VALUES (?, ?) ON CONFLICT ("user_id") DO UPDATE SET "changed_at" = ?
 */
export async function recordPasswordChange(ctx: RunContext, userId: number, at: number): Promise<void> {
  await runSql(ctx, `INSERT INTO ${TABLE} ("user_id", "changed_at") VALUES (?, ?) ${ctx.dialect.onConflictUpdate(['"user_id"'])} "changed_at" = ?`, [userId, at, at]);
}

/** epoch milliseconds of the user's last password change, or undefined */
export async function lastPasswordChange(ctx: RunContext, userId: number): Promise<number | undefined> {
  const [row] = await runSql(ctx, `SELECT "changed_at" FROM ${TABLE} WHERE "user_id" = ? LIMIT 1`, [userId]);
  return row ? Number(row.changed_at) : undefined;
}
