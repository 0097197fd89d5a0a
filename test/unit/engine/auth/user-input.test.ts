/** unit: register/login/update bodies of the users-permissions routes, and JWT lifetimes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { durationSeconds } from '../../../../compiler/model/duration.js';
import { readLoginInput, readRegisterInput, readUserUpdate } from '../../../../engine/auth/user-input.js';
import { parseDuration } from '../../../../engine/config/parse-duration.js';
import { ValidationError } from '../../../../engine/errors/index.js';
import { model } from '../example-model.js';

function messages(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    assert.instance(err, ValidationError);
    return ((err as ValidationError).details.errors as { message: string }[]).map((e) => e.message);
  }
  throw new Error('expected a ValidationError');
}

test('register: lower-cases the email, ignores every other key', () => {
  assert.equal(readRegisterInput({ username: 'ada', email: 'Ada@Example.COM', password: 'secret1', role: 1, confirmed: false, blocked: true, provider: 'x' }), {
    username: 'ada', email: 'ada@example.com', password: 'secret1',
  });
});

test('register: Strapi messages, every issue at once', () => {
  assert.equal(messages(() => readRegisterInput({})), ['email is a required field', 'username is a required field', 'password is a required field']);
  assert.equal(messages(() => readRegisterInput({ username: 'ab', email: 'nope', password: 'x'.repeat(73) })), [
    'email must be a valid email', 'username must be at least 3 characters', 'password must be at most 72 bytes',
  ]);
  assert.equal(messages(() => readRegisterInput({ username: 1, email: 'a@b.co', password: '12345' })), [
    'username must be a `string` type, but the final value was: `1`.', 'password must be at least 6 characters',
  ]);
  assert.equal(messages(() => readRegisterInput({ username: null, email: '', password: null })), [
    'email is a required field', 'username must be a `string` type, but the final value was: `null`.', 'password must be a `string` type, but the final value was: `null`.',
  ]);
  // Strapi reads a body that is not an object as an empty one
  assert.equal(messages(() => readRegisterInput([])), ['email is a required field', 'username is a required field', 'password is a required field']);
});

test('login: identifier and password required; provider defaults to local', () => {
  assert.equal(readLoginInput({ identifier: 'Ada', password: 'p' }), { identifier: 'Ada', password: 'p', provider: 'local' });
  assert.equal(messages(() => readLoginInput({ identifier: '' })), ['identifier is a required field', 'password is a required field']);
});

test('login and register: operator objects and other non-strings are refused, never used as filters', () => {
  assert.equal(messages(() => readLoginInput({ identifier: { $gt: '' }, password: { $ne: null } })), [
    'identifier must be a `string` type, but the final value was: `{\n  "$gt": "\\"\\""\n}`.',
    'password must be a `string` type, but the final value was: `{\n  "$ne": "null"\n}`.',
  ]);
  assert.equal(messages(() => readLoginInput({ identifier: ['ada'], password: 'p', provider: { $eq: 'local' } })), [
    'identifier must be a `string` type, but the final value was: `[\n  "\\"ada\\""\n]`.',
    'provider must be a `string` type, but the final value was: `{\n  "$eq": "\\"local\\""\n}`.',
  ]);
  assert.equal(messages(() => readRegisterInput({ username: { $ne: '' }, email: ['a@b.co'], password: 1234567 })), [
    'email must be a `string` type, but the final value was: `[\n  "\\"a@b.co\\""\n]`.',
    'username must be a `string` type, but the final value was: `{\n  "$ne": "\\"\\""\n}`.',
    'password must be a `string` type, but the final value was: `1234567`.',
  ]);
});

test('update: protected and private keys refused by name; password allowed', () => {
  assert.equal(messages(() => readUserUpdate(model, { role: 2, blocked: false, confirmationToken: 'x', username: 'ok-name' })), [
    'role may not be set through the API', 'blocked may not be set through the API', 'confirmationToken may not be set through the API',
  ]);
  assert.equal(readUserUpdate(model, { email: 'New@X.io', password: 'longenough', extra: 1 }), { email: 'new@x.io', password: 'longenough', rest: { extra: 1 } });
});

test('update: an empty value is "at least 1 characters", as Strapi says; null is a type error; the body must be an object', () => {
  assert.equal(messages(() => readUserUpdate(model, { username: '', email: '', password: '' })), [
    'username must be at least 1 characters', 'email must be at least 1 characters', 'password must be at least 1 characters',
  ]);
  assert.equal(messages(() => readUserUpdate(model, { username: 'ab', password: null })), [
    'username must be at least 3 characters', 'password must be a `string` type, but the final value was: `null`.',
  ]);
  assert.equal(messages(() => readUserUpdate(model, [])), ['The request body must be a JSON object']);
});

test('durations: numbers are seconds, strings need a unit', () => {
  assert.is(durationSeconds('30d'), 2_592_000);
  assert.is(durationSeconds('12h'), 43_200);
  assert.is(durationSeconds(3600), 3600);
  assert.is(durationSeconds('60'), undefined);
  assert.is(durationSeconds('soon'), undefined);
  assert.is(durationSeconds(0), undefined);
  assert.is(parseDuration('3600'), 3600);
  assert.is(parseDuration('7 days'), 604_800);
  assert.is(parseDuration('-5'), undefined);
});

test.run();
