/**
 * engine/repository/stores: when each user's password last changed (quire_password_changes, one row
 * per user, epoch milliseconds), so JWTs issued before the change are refused. Kept beside up_users
 * rather than in it, so the user type and databases shared with Strapi stay as they are; the schema
 * sync adds the table to existing databases. A user without a row never changed their password here.
 */
import { PASSWORD_CHANGES_TABLE } from '../naming.js';
import type { RunContext } from '../run-context.js';
import { runStatement } from '../run-sql.js';
import { col, columnIs, param, select, table } from '../sql/build.js';

/**
 * one atomic upsert: `at` becomes the user's last change
 *   INSERT INTO "quire_password_changes" ("user_id", "changed_at") VALUES (?, ?) ON CONFLICT ("user_id") DO UPDATE SET "changed_at" = ?
 *   (MySQL: ON DUPLICATE KEY UPDATE "changed_at" = ?)
 */
export async function recordPasswordChange(ctx: RunContext, userId: number, at: number): Promise<void> {
  await runStatement(ctx, {
    kind: 'insert', table: PASSWORD_CHANGES_TABLE, columns: ['user_id', 'changed_at'], rows: [[param(userId), param(at)]],
    upsert: { conflict: ['user_id'], set: [['changed_at', param(at)]] },
  });
}

/** epoch milliseconds of the user's last password change, or undefined */
export async function lastPasswordChange(ctx: RunContext, userId: number): Promise<number | undefined> {
  const [row] = await runStatement(ctx, select({ columns: [col(undefined, 'changed_at')], from: table(PASSWORD_CHANGES_TABLE), where: columnIs('user_id', userId), limit: 1 }));
  return row ? Number(row.changed_at) : undefined;
}
