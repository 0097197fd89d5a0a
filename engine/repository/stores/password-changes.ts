/**
 * engine/repository/stores: when each user's password last changed (quire_password_changes,
 * PasswordChangeModel, one row per user, epoch milliseconds), so JWTs issued before the change are
 * refused. Kept beside up_users rather than in it, so the user type and databases shared with Strapi
 * stay as they are; the schema sync adds the table to existing databases. A user without a row never
 * changed their password here.
 */
import type { RunContext } from '../run-context.js';
import { PasswordChangeModel } from './internal-models.js';
import { modelQuery } from './model-query.js';

/** one atomic upsert: `at` becomes the user's last change */
export async function recordPasswordChange(ctx: RunContext, userId: number, at: number): Promise<void> {
  await modelQuery(ctx, PasswordChangeModel).insert({ user_id: userId, changed_at: at }).onConflict('user_id').merge(['changed_at']);
}

/** epoch milliseconds of the user's last password change, or undefined */
export async function lastPasswordChange(ctx: RunContext, userId: number): Promise<number | undefined> {
  const row = await modelQuery(ctx, PasswordChangeModel).select('changed_at').findOne({ user_id: userId });
  return row ? Number(row.changed_at) : undefined;
}
