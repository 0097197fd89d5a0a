/**
 * integration (users-permissions): the password and email flows a site needs, tried as a user would
 * against a real SMTP server (smtp-server on a local port; the members fixture's nodemailer config
 * points at it): forgot -> email -> follow the link's code -> reset -> log in; change password; email
 * confirmation on (register without JWT, login refused, the emailed link confirms and redirects);
 * the same over GraphQL. Messages and statuses as Strapi 4.26.2 answers them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gql, gqlData } from '../../helpers/graphql.js';
import { linkIn, startSmtp, type SmtpSink } from '../../helpers/smtp.js';
import { startMembers, type MembersServer } from '../writes/members-fixture.js';

let smtp: SmtpSink;
let s: MembersServer;
let confirming: MembersServer;

/** the fixture's plugins.js with the SMTP port of the test's server, and more users-permissions settings */
const pluginsEdit = (advanced = '') => (spec: string) => {
  const file = join(spec, 'config', 'plugins.js');
  let js = readFileSync(file, 'utf8').replace("env.int('SMTP_PORT', 2525)", String(smtp.port));
  if (advanced) js = js.replace("email_confirmation_redirection: 'https://front.example.com/welcome',", `email_confirmation_redirection: 'https://front.example.com/welcome', ${advanced}`);
  writeFileSync(file, js);
};

test.before(async () => {
  smtp = await startSmtp();
  s = await startMembers('account-flows', { edit: pluginsEdit() });
  confirming = await startMembers('account-confirm', { edit: pluginsEdit('email_confirmation: true,') });
});
test.after(async () => {
  await s.stop();
  await confirming.stop();
  await smtp.stop();
});

const PASSWORD = 'secret-horse-1';
const post = (srv: MembersServer, path: string, body: unknown, token?: string) => srv.request('POST', path, { body, token });
const errorOf = (r: { body: any }) => r.body.error;

async function registered(srv: MembersServer, username: string) {
  const r = await post(srv, '/api/auth/local/register', { username, email: `${username}@example.com`, password: PASSWORD });
  assert.is(r.status, 200, r.text);
  return r.body;
}

test('forgot password -> the email -> its code resets the password -> log in; old JWTs and the code stop working', async () => {
  const { jwt: oldJwt } = await registered(s, 'rita');
  const forgot = await post(s, '/api/auth/forgot-password', { email: 'RITA@example.com' });
  assert.equal([forgot.status, forgot.body], [200, { ok: true }]);
  const mail = await smtp.next();
  assert.is(mail.to, 'rita@example.com');
  assert.is(mail.from, 'Members <no-reply@members.example.com>');
  assert.is(mail.replyTo, 'support@members.example.com', 'the email plugin\'s defaultReplyTo');
  assert.is(mail.subject, 'Reset your password, rita', 'the template renders <%= USER.username %>');
  const link = new URL(linkIn(mail));
  assert.is(`${link.origin}${link.pathname}`, 'https://front.example.com/reset-password');
  const code = link.searchParams.get('code') as string;
  assert.match(mail.html, `href="https://front.example.com/reset-password?code=${code}"`);

  const mismatch = await post(s, '/api/auth/reset-password', { code, password: 'new-pass-22', passwordConfirmation: 'other-pass-22' });
  assert.equal(errorOf(mismatch), { status: 400, name: 'ValidationError', message: 'Passwords do not match', details: {} });
  const wrong = await post(s, '/api/auth/reset-password', { code: code.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), password: 'new-pass-22', passwordConfirmation: 'new-pass-22' });
  assert.equal(errorOf(wrong), { status: 400, name: 'ValidationError', message: 'Incorrect code provided', details: {} });
  const missing = await post(s, '/api/auth/reset-password', {});
  assert.equal(errorOf(missing).details.errors.map((e: any) => e.message), ['passwordConfirmation is a required field', 'password is a required field', 'code is a required field']);

  // JWTs count whole seconds: one issued in the second of the change still passes
  await new Promise((r) => setTimeout(r, 1100));
  const reset = await post(s, '/api/auth/reset-password', { code, password: 'new-pass-22', passwordConfirmation: 'new-pass-22' });
  assert.is(reset.status, 200, reset.text);
  assert.type(reset.body.jwt, 'string');
  assert.is(reset.body.user.username, 'rita');
  assert.not.match(reset.text, /resetPasswordToken|"password"/);
  const again = await post(s, '/api/auth/reset-password', { code, password: 'new-pass-33', passwordConfirmation: 'new-pass-33' });
  assert.is(errorOf(again).message, 'Incorrect code provided', 'one use');
  assert.is((await post(s, '/api/auth/local', { identifier: 'rita', password: PASSWORD })).status, 400);
  const login = await post(s, '/api/auth/local', { identifier: 'rita', password: 'new-pass-22' });
  assert.is(login.status, 200, login.text);
  assert.is((await s.get('/api/users/me', oldJwt)).status, 401, 'a JWT issued before the reset stops working');
  assert.is((await s.get('/api/users/me', login.body.jwt)).status, 200);
});

test('forgot password: the same answer for an unknown address (no email); Strapi\'s messages for a bad one', async () => {
  const before = smtp.messages.length;
  assert.equal((await post(s, '/api/auth/forgot-password', { email: 'nobody@example.com' })).body, { ok: true });
  assert.equal(errorOf(await post(s, '/api/auth/forgot-password', { email: 'nope' })).message, 'email must be a valid email');
  assert.equal(errorOf(await post(s, '/api/auth/forgot-password', {})).message, 'email is a required field');
  await new Promise((r) => setTimeout(r, 200));
  assert.is(smtp.messages.length, before);
});

test('change password: a user JWT, the current password, a new one; Strapi\'s messages', async () => {
  const { jwt } = await registered(s, 'carl');
  const change = (body: unknown, token = jwt) => post(s, '/api/auth/change-password', body, token);
  assert.is((await post(s, '/api/auth/change-password', { currentPassword: PASSWORD, password: 'x-new-pass-1', passwordConfirmation: 'x-new-pass-1' })).status, 403, 'the public role lacks auth.changePassword');
  assert.equal(errorOf(await change({ currentPassword: PASSWORD, password: 'x-new-pass-1', passwordConfirmation: 'x-new-pass-1' }, s.admin)), {
    status: 400, name: 'ApplicationError', message: 'You must be authenticated to reset your password', details: {},
  });
  assert.equal(errorOf(await change({})).details.errors.map((e: any) => e.path[0]), ['passwordConfirmation', 'password', 'currentPassword']);
  assert.equal(errorOf(await change({ currentPassword: 'wrong-pass-1', password: 'x-new-pass-1', passwordConfirmation: 'x-new-pass-1' })), {
    status: 400, name: 'ValidationError', message: 'The provided current password is invalid', details: {},
  });
  assert.equal(errorOf(await change({ currentPassword: PASSWORD, password: 'x-new-pass-1', passwordConfirmation: 'x-new-pass-2' })).details.errors, [
    { path: ['passwordConfirmation'], message: 'Passwords do not match', name: 'ValidationError' },
  ]);
  assert.is(errorOf(await change({ currentPassword: PASSWORD, password: PASSWORD, passwordConfirmation: PASSWORD })).message, 'Your new password must be different than your current password');
  const ok = await change({ currentPassword: PASSWORD, password: 'x-new-pass-1', passwordConfirmation: 'x-new-pass-1' });
  assert.is(ok.status, 200, ok.text);
  assert.is((await s.get('/api/users/me', ok.body.jwt)).status, 200, 'the new JWT works');
  assert.is((await post(s, '/api/auth/local', { identifier: 'carl', password: 'x-new-pass-1' })).status, 200);
});

test('email confirmation: register answers no JWT, login waits, the emailed link confirms and redirects; once', async () => {
  const reg = await post(confirming, '/api/auth/local/register', { username: 'dana', email: 'dana@example.com', password: PASSWORD });
  assert.is(reg.status, 200, reg.text);
  assert.equal(Object.keys(reg.body), ['user']);
  assert.is(reg.body.user.confirmed, false);
  assert.equal(errorOf(await post(confirming, '/api/auth/local', { identifier: 'dana', password: PASSWORD })), {
    status: 400, name: 'ApplicationError', message: 'Your account email is not confirmed', details: {},
  });
  assert.is(errorOf(await post(confirming, '/api/auth/local', { identifier: 'dana', password: 'wrong-pass-1' })).message, 'Invalid identifier or password');
  const mail = await smtp.next();
  assert.is(mail.subject, 'Account confirmation', 'Strapi\'s default template');
  const link = linkIn(mail);
  assert.ok(link.startsWith(`${confirming.url}/api/auth/email-confirmation?confirmation=`), link);
  const follow = await fetch(link, { redirect: 'manual' });
  assert.is(follow.status, 302);
  assert.is(follow.headers.get('location'), 'https://front.example.com/welcome');
  assert.is((await post(confirming, '/api/auth/local', { identifier: 'dana', password: PASSWORD })).status, 200);
  const twice = await fetch(link, { redirect: 'manual' });
  assert.equal([twice.status, ((await twice.json()) as any).error.message], [400, 'Invalid token']);
  const none = await confirming.get('/api/auth/email-confirmation');
  assert.is(errorOf(none).message, 'confirmation is a required field');
  assert.equal(errorOf(await post(confirming, '/api/auth/send-email-confirmation', { email: 'dana@example.com' })), {
    status: 400, name: 'ApplicationError', message: 'Already confirmed', details: {},
  });
  assert.equal((await post(confirming, '/api/auth/send-email-confirmation', { email: 'ghost@example.com' })).body, { email: 'ghost@example.com', sent: true });
});

test('send-email-confirmation: a new link for an account not yet confirmed; the old link no longer works', async () => {
  await post(confirming, '/api/auth/local/register', { username: 'eric', email: 'eric@example.com', password: PASSWORD });
  const first = linkIn(await smtp.next());
  const again = await post(confirming, '/api/auth/send-email-confirmation', { email: 'eric@example.com' });
  assert.equal(again.body, { email: 'eric@example.com', sent: true });
  const second = linkIn(await smtp.next());
  assert.is.not(first, second);
  assert.is((await fetch(first, { redirect: 'manual' })).status, 400);
  assert.is((await fetch(second, { redirect: 'manual' })).status, 302);
});

test('GraphQL: register without a JWT while unconfirmed, emailConfirmation, forgotPassword, resetPassword, changePassword', async () => {
  const reg = await gqlData(confirming, 'mutation { register(input: { username: "fern", email: "fern@example.com", password: "secret-horse-1" }) { jwt user { username confirmed } } }');
  assert.equal(reg.register, { jwt: null, user: { username: 'fern', confirmed: false } });
  const code = new URL(linkIn(await smtp.next())).searchParams.get('confirmation');
  const bad = await gql(confirming, 'mutation { emailConfirmation(confirmation: "nope") { jwt } }');
  assert.is(bad.body.errors[0].extensions.error.message, 'Invalid token');
  const confirmed = await gqlData(confirming, `mutation { emailConfirmation(confirmation: "${code}") { jwt user { username confirmed } } }`);
  assert.type(confirmed.emailConfirmation.jwt, 'string');
  assert.equal(confirmed.emailConfirmation.user, { username: 'fern', confirmed: true });

  await registered(s, 'gwen');
  assert.equal(await gqlData(s, 'mutation { forgotPassword(email: "gwen@example.com") { ok } }'), { forgotPassword: { ok: true } });
  const resetCode = new URL(linkIn(await smtp.next())).searchParams.get('code');
  const differ = await gql(s, `mutation { resetPassword(code: "${resetCode}", password: "gql-pass-1", passwordConfirmation: "gql-pass-2") { jwt } }`);
  assert.is(differ.body.errors[0].extensions.error.message, 'Passwords do not match');
  const reset = await gqlData(s, `mutation { resetPassword(code: "${resetCode}", password: "gql-pass-1", passwordConfirmation: "gql-pass-1") { jwt user { username } } }`);
  assert.is(reset.resetPassword.user.username, 'gwen');
  const changed = await gqlData(s, 'mutation { changePassword(currentPassword: "gql-pass-1", password: "gql-pass-2", passwordConfirmation: "gql-pass-2") { jwt } }', { token: reset.resetPassword.jwt });
  assert.type(changed.changePassword.jwt, 'string');
  const forbidden = await gql(s, 'mutation { changePassword(currentPassword: "gql-pass-2", password: "gql-pass-3", passwordConfirmation: "gql-pass-3") { jwt } }');
  assert.is(forbidden.body.errors[0].extensions.error.message, 'Forbidden access');
});

test('an SMTP server that does not answer: 503, logged; the account is unchanged', async () => {
  await registered(s, 'hugo');
  const port = smtp.port;
  await smtp.stop();
  try {
    const r = await post(s, '/api/auth/forgot-password', { email: 'hugo@example.com' });
    assert.equal(errorOf(r), { status: 503, name: 'ServiceUnavailableError', message: 'The email could not be sent', details: {} });
  } finally {
    smtp = await startSmtp();
    assert.ok(port > 0);
  }
});

test.run();
