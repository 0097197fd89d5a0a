/**
 * engine/actions: the users-permissions password and email flows, the same for REST
 * (`/api/auth/forgot-password`, `reset-password`, `change-password`, `email-confirmation`,
 * `send-email-confirmation`) and GraphQL (`forgotPassword`, `resetPassword`, `changePassword`,
 * `emailConfirmation`). Codes are one-use, kept hashed (auth/account-tokens.ts); every password change
 * is recorded, so JWTs issued before it stop working; emails go out after the commit.
 */
import { newConfirmationCode, newResetCode, RESET_CODE_TTL_MS, resetCodeTime, storedFormOf } from '../auth/account-tokens.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { USER_UID } from '../auth/uids.js';
import { readConfirmation, readEmailBody, readNewPassword } from '../auth/user-input.js';
import { ApplicationError, messages, ValidationError, validationIssue } from '../errors/index.js';
import { planUpdate } from '../plan/index.js';
import type { Entry, FindPlan, WhereNode } from '../plan/types.js';
import type { Repository } from '../repository/types.js';
import type { ActionContext, Caller } from './action-context.js';
import { sendAccountEmail } from './account-emails.js';
import type { AuthResult } from './users.js';
import { confirmationUrl } from './users.js';
import { runWrite } from './write-transaction.js';

const cmp = (field: string, value: unknown): WhereNode => ({ kind: 'cmp', field, op: '$eq', value });

/** the public scalars, and the private ones a flow needs (`extra`) */
function userFields(ctx: ActionContext, extra: string[] = []): string[] {
  const user = ctx.model.contentTypes[USER_UID];
  return [...user.order.filter((n) => user.attributes[n]?.kind === 'scalar' && !user.attributes[n].private), 'createdAt', 'updatedAt', ...extra];
}

async function findUserBy(repo: Repository, ctx: ActionContext, where: WhereNode, extra: string[] = []): Promise<Entry | undefined> {
  const plan: FindPlan = {
    kind: 'find', uid: USER_UID, where, sort: [], fields: userFields(ctx, extra), populate: {}, publicationState: 'live',
    page: { style: 'offset', start: 0, limit: 1, withCount: false },
  };
  return (await repo.find(plan)).entries[0];
}

/** write `data` to user `id`, queue its change, return it as it now is */
async function updateUserRow(ctx: ActionContext, id: number, data: Record<string, unknown>, passwordChanged: boolean): Promise<Entry> {
  return runWrite(ctx, async (tx, queue) => {
    await tx.update(planUpdate(ctx.model, USER_UID, id, { data }));
    if (passwordChanged) await tx.passwordChanges.record(id, ctx.now().getTime());
    const user = await findUserBy(tx, ctx, cmp('id', id));
    if (!user) throw new Error('updated user not found');
    queue.add('entry.update', USER_UID, user);
    return user;
  });
}

const strip = (user: Entry): Entry => {
  const { password: _p, resetPasswordToken: _r, confirmationToken: _c, ...rest } = user;
  return rest as Entry;
};

/**
 * POST /api/auth/forgot-password `{ email }` -> `{ ok: true }`, whether or not the address has an account
 * (and for blocked accounts, which get no email). The account gets a reset code and an email with the
 * link `<advanced.email_reset_password>?code=<code>` (template `reset_password`). Each request counts
 * against the rate limit of its address and email (429 past it): no one can flood a mailbox.
 */
export async function forgotPassword(ctx: ActionContext, caller: Caller, body: unknown): Promise<{ ok: true }> {
  const email = readEmailBody(body);
  const { limiter, settings } = ctx.auth;
  const buckets = limiter.buckets('forgot-password', caller.ip, email);
  await limiter.guard(buckets);
  await limiter.fail(buckets);
  const user = await findUserBy(ctx.repo, ctx, { kind: 'cmp', field: 'email', op: '$eqi', value: email });
  if (!user || user.blocked === true) return { ok: true };
  const { code, stored } = newResetCode(ctx.now().getTime());
  const updated = await updateUserRow(ctx, user.id, { resetPasswordToken: stored }, false);
  await sendAccountEmail(ctx, 'resetPassword', updated, { URL: settings.emailResetPassword ?? '', TOKEN: code });
  return { ok: true };
}

/**
 * POST /api/auth/reset-password `{ code, password, passwordConfirmation }` -> `{ jwt, user }`: the code
 * of a forgot-password email (one use, one hour) sets a new password; JWTs issued before stop working.
 * Every attempt counts against its address's limit (429 past it). Errors as Strapi's: 'Passwords do
 * not match', 'Incorrect code provided' (also for an expired code).
 */
export async function resetPassword(ctx: ActionContext, caller: Caller, body: unknown): Promise<AuthResult> {
  const input = readNewPassword(body, 'code');
  const { limiter } = ctx.auth;
  const buckets = limiter.buckets('reset-password', caller.ip, undefined);
  await limiter.guard(buckets);
  await limiter.fail(buckets);
  if (input.password !== input.passwordConfirmation) throw new ValidationError(messages.passwordsDiffer());
  const made = resetCodeTime(input.proof);
  if (made === undefined || ctx.now().getTime() - made > RESET_CODE_TTL_MS) throw new ValidationError(messages.incorrectCode());
  const user = await findUserBy(ctx.repo, ctx, cmp('resetPasswordToken', storedFormOf(input.proof)));
  if (!user) throw new ValidationError(messages.incorrectCode());
  const hash = await hashPassword(input.password);
  const updated = await updateUserRow(ctx, user.id, { resetPasswordToken: null, password: hash }, true);
  return { jwt: await ctx.auth.jwt.issue(updated.id), user: strip(updated) };
}

/**
 * POST /api/auth/change-password `{ currentPassword, password, passwordConfirmation }` (a user JWT)
 * -> `{ jwt, user }` with a fresh JWT; older ones stop working. A wrong current password and every
 * change count against the limit of the address and the account (429 past it). Errors as Strapi's: 'You must be
 * authenticated to reset your password' (ApplicationError, for an API token), 'Passwords do not match'
 * (path passwordConfirmation), 'The provided current password is invalid', 'Your new password must be
 * different than your current password'.
 */
export async function changePassword(ctx: ActionContext, caller: Caller, body: unknown): Promise<AuthResult> {
  const p = caller.principal;
  if (p.kind !== 'user') throw new ApplicationError(messages.notAuthenticated());
  const input = readNewPassword(body, 'currentPassword');
  if (input.password !== input.passwordConfirmation) {
    throw ValidationError.of([validationIssue(['passwordConfirmation'], messages.passwordsDiffer())]);
  }
  // guessing the current password is limited like login; an update of one's own password shares the count
  const { limiter } = ctx.auth;
  const buckets = limiter.buckets('change-password', caller.ip, String(p.userId));
  await limiter.guard(buckets);
  const user = await findUserBy(ctx.repo, ctx, cmp('id', p.userId), ['password']);
  if (!user || !(await verifyPassword(input.proof, user.password as string | undefined))) {
    await limiter.fail(buckets);
    throw new ValidationError(messages.currentPasswordInvalid());
  }
  if (input.proof === input.password) throw new ValidationError(messages.samePassword());
  await limiter.fail(buckets);
  const updated = await updateUserRow(ctx, user.id, { password: await hashPassword(input.password) }, true);
  return { jwt: await ctx.auth.jwt.issue(updated.id), user: strip(updated) };
}

/**
 * GET /api/auth/email-confirmation?confirmation=<code>, GraphQL `emailConfirmation(confirmation)`: the
 * account is confirmed (the code works once) -> `{ jwt, user }` (REST redirects to
 * `advanced.email_confirmation_redirection`). 400 'Invalid token' for an unknown code.
 */
export async function confirmEmail(ctx: ActionContext, _caller: Caller, input: unknown): Promise<AuthResult> {
  const code = readConfirmation(input);
  const user = await findUserBy(ctx.repo, ctx, cmp('confirmationToken', storedFormOf(code)));
  if (!user) throw new ValidationError(messages.invalidToken());
  const updated = await updateUserRow(ctx, user.id, { confirmed: true, confirmationToken: null }, false);
  return { jwt: await ctx.auth.jwt.issue(updated.id), user: strip(updated) };
}

/**
 * POST /api/auth/send-email-confirmation `{ email }` -> `{ email, sent: true }` (also when there is no
 * such account): a new confirmation code and email. 400 ApplicationError 'Already confirmed', or
 * Strapi's blocked message; rate limited like forgot-password.
 */
export async function sendEmailConfirmation(ctx: ActionContext, caller: Caller, body: unknown): Promise<{ email: string; sent: true }> {
  const email = readEmailBody(body);
  const { limiter } = ctx.auth;
  const buckets = limiter.buckets('send-email-confirmation', caller.ip, email);
  await limiter.guard(buckets);
  await limiter.fail(buckets);
  const user = await findUserBy(ctx.repo, ctx, { kind: 'cmp', field: 'email', op: '$eqi', value: email });
  if (!user) return { email, sent: true };
  if (user.confirmed === true) throw new ApplicationError(messages.alreadyConfirmed());
  if (user.blocked === true) throw new ApplicationError(messages.userBlocked());
  const { code, stored } = newConfirmationCode();
  const updated = await updateUserRow(ctx, user.id, { confirmationToken: stored }, false);
  await sendAccountEmail(ctx, 'emailConfirmation', updated, { URL: confirmationUrl(ctx), CODE: code });
  return { email, sent: true };
}
