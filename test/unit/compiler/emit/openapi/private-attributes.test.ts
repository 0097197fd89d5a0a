/**
 * test (compiler/emit/openapi): private attributes (article.internalNotes, article.previewPassword,
 * author.payoutAccount, the user's password and tokens) never appear in a response, filters, sort,
 * fields or populate schema, and are accepted (writeOnly) in request bodies.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exampleDoc, schemaOf, type Json } from './example-model.js';

const PRIVATE: Record<string, string[]> = {
  internalNotes: ['ArticleInput', 'ArticleUpdateInput'],
  previewPassword: ['ArticleInput', 'ArticleUpdateInput'],
  payoutAccount: ['AuthorInput', 'AuthorUpdateInput'],
  analyticsKey: ['SiteSettingUpdateInput'],
  resetPasswordToken: [],
  confirmationToken: [],
};

/** Does the name occur as a property key, an enum value or inside a pattern of the schema? */
function mentions(schema: unknown, name: string): boolean {
  const text = JSON.stringify(schema);
  return text.includes(`"${name}"`) || text.includes(`"${name}:`) || new RegExp(`[|(:]${name}[|)]`).test(text);
}

test('a private attribute is named only by the request bodies of its own type', async () => {
  const doc = await exampleDoc();
  for (const [name, allowed] of Object.entries(PRIVATE)) {
    const where = Object.entries(doc.components.schemas as Json).filter(([, s]) => mentions(s, name)).map(([n]) => n).sort();
    assert.equal(where, [...allowed].sort(), name);
  }
});

test('no path or parameter names a private attribute', async () => {
  const doc = await exampleDoc();
  for (const name of Object.keys(PRIVATE)) {
    assert.not.ok(mentions(doc.paths, name), name);
    assert.not.ok(mentions(doc.components.parameters, name), name);
  }
});

test('response, filters, sort and fields schemas of article leave private attributes out', async () => {
  const doc = await exampleDoc();
  const attrs = Object.keys(schemaOf(doc, 'ArticleAttributes').properties);
  assert.ok(attrs.includes('title') && attrs.includes('publishedAt'));
  for (const p of ['internalNotes', 'previewPassword']) {
    assert.not.ok(attrs.includes(p));
    assert.not.ok(p in schemaOf(doc, 'ArticleFilters').properties);
    assert.not.ok(schemaOf(doc, 'ArticleSort').anyOf[0].enum.includes(p));
    assert.not.ok(schemaOf(doc, 'ArticleFields').anyOf[1].items.enum.includes(p));
  }
  assert.not.ok('payoutAccount' in schemaOf(doc, 'AuthorAttributes').properties);
  assert.not.ok('payoutAccount' in schemaOf(doc, 'AuthorFilters').properties);
  assert.is(schemaOf(doc, 'AuthorFilters').additionalProperties, false);
});

test('private attributes are writable and marked writeOnly', async () => {
  const doc = await exampleDoc();
  for (const input of ['ArticleInput', 'ArticleUpdateInput']) {
    const props = schemaOf(doc, input).properties;
    assert.is(props.internalNotes.writeOnly, true);
    assert.is(props.internalNotes.type, 'string');
    assert.is(props.previewPassword.writeOnly, true);
    assert.is(props.previewPassword.format, 'password');
  }
  assert.is(schemaOf(doc, 'AuthorInput').properties.payoutAccount.writeOnly, true);
  assert.is(schemaOf(doc, 'AuthorInput').properties.payoutAccount.pattern, '^[A-Z]{2}[0-9A-Z]{10,30}$');
});

test('users are answered without password or tokens; password is write-only on register and update', async () => {
  const doc = await exampleDoc();
  const user = Object.keys(schemaOf(doc, 'UsersPermissionsUserRecord').properties);
  for (const f of ['id', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt']) assert.ok(user.includes(f), f);
  for (const f of ['password', 'resetPasswordToken', 'confirmationToken']) assert.not.ok(user.includes(f), f);
  assert.is(schemaOf(doc, 'AuthRegisterRequest').properties.password.writeOnly, true);
  const update = schemaOf(doc, 'UsersPermissionsUserUpdateRequest').properties;
  assert.is(update.password.writeOnly, true);
  assert.not.ok('resetPasswordToken' in update);
  assert.not.ok('data' in update, 'the users route takes a flat body');
});

test.run();
