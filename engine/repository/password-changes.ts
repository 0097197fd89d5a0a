/**
 * engine/repository: when each user's password last changed (quire_password_changes, one row per
 * user, epoch milliseconds), so JWTs issued before the change are refused. Kept beside up_users
 * rather than in it, so the user type and databases shared with Strapi stay as they are; the schema
 * sync adds the table to existing databases. A user without a row never changed their password here.
 */
import { PASSWORD_CHANGES_TABLE } from './naming.js';
import type { RunContext } from './run-context.js';
import { query, runSql } from './run-sql.js';

const T = `"${PASSWORD_CHANGES_TABLE}"`;

/** one atomic upsert: `at` becomes the user's last change */
export async function recordPasswordChange(ctx: RunContext, userId: number, at: number): Promise<void> {
  await runSql(
    ctx,
    `INSERT INTO ${T} ("user_id", "changed_at") VALUES (?, ?)
     ON CONFLICT ("user_id") DO UPDATE SET "changed_at" = excluded."changed_at"`,
    [userId, at],
  );
}

/** epoch milliseconds of the user's last password change, or undefined */
export async function lastPasswordChange(ctx: RunContext, userId: number): Promise<number | undefined> {
  const row: Record<string, unknown> | undefined = await query(ctx, PASSWORD_CHANGES_TABLE).select('changed_at').where('user_id', userId).first();
  return row ? Number(row.changed_at) : undefined;
}
