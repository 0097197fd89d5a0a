/**
 * security: the one-bit oracle. Filters, sort, fields and populate that name a private attribute, a
 * password or a token (directly, nested in $and/$or/$not, through relations, users included, or
 * spelled like a table alias or a column) must not tell a matching probe from a non-matching one:
 * each pair of probes gets the same status, the same rows and the same body.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestResponse, TestServer } from '../helpers/server.js';
import { gql } from '../helpers/graphql.js';
import { idsOf, registerUser, securityArtifacts, seedSecrets, setRole, startSecureServer, type Seeded } from './harness.js';

let s: TestServer;
let seed: Seeded;
let editorJwt: string;

test.before(async () => {
  s = await startSecureServer({ name: 'sec-oracle', artifactsDir: await securityArtifacts(), env: { AUTH_RATE_LIMIT_MAX: '0' } });
  seed = await seedSecrets(s);
  const editor = await registerUser(s, 'oracle-editor');
  await setRole(s, editor.user.id, 'editor');
  editorJwt = editor.jwt;
});
test.after(async () => s.stop());

/** `tmpl` with `{}` replaced by the matching value, then by a value that matches nothing */
async function pair(path: string, hit: string, miss: string, token?: string): Promise<Probes> {
  const a = await s.get(path.replace('{}', encodeURIComponent(hit)), token);
  const b = await s.get(path.replace('{}', encodeURIComponent(miss)), token);
  return [a, b, hit, miss];
}

/** the two answers, and the probe values (an error may quote the caller's own value back) */
type Probes = [TestResponse, TestResponse, string?, string?];

function same(label: string, [a, b, hit, miss]: Probes, expectStatus = 400): void {
  assert.is(a.status, expectStatus, `${label}: ${a.text}`);
  assert.is(b.status, a.status, `${label}: status differs`);
  assert.equal(idsOf(a), idsOf(b), `${label}: rows differ`);
  const quoted = (r: TestResponse, v?: string) => (v ? r.text.split(JSON.stringify(v).slice(1, -1)).join('<probe>') : r.text);
  assert.is(quoted(a, hit), quoted(b, miss), `${label}: bodies differ`);
}

test('private scalars: direct filters with every operator answer the same for a hit and a miss', async () => {
  const { note, preview } = seed.secrets;
  for (const [label, path, hit, miss] of [
    ['$eq internalNotes', '/api/articles?filters[internalNotes][$eq]={}', note, 'nothing'],
    ['$startsWith internalNotes', '/api/articles?filters[internalNotes][$startsWith]={}', note.slice(0, 8), 'ZZZ'],
    ['$containsi internalNotes', '/api/articles?filters[internalNotes][$containsi]={}', 'secret', 'zzz'],
    ['$gt previewPassword', '/api/articles?filters[previewPassword][$gt]={}', 'S', 'zzzz'],
    ['$eq previewPassword', '/api/articles?filters[previewPassword][$eq]={}', preview, 'nope'],
    ['$null internalNotes', '/api/articles?filters[internalNotes][$null]={}', 'false', 'true'],
    ['shorthand internalNotes', '/api/articles?filters[internalNotes]={}', note, 'nothing'],
    ['$in internalNotes', '/api/articles?filters[internalNotes][$in][0]={}', note, 'nothing'],
    ['findOne with a filter', `/api/articles/${seed.alpha}?filters[internalNotes][$eq]={}`, note, 'nothing'],
  ] as const) same(label, await pair(path, hit, miss));
});

test('nested in $and / $or / $not at any depth', async () => {
  const { note } = seed.secrets;
  for (const [label, path] of [
    ['$and', '/api/articles?filters[$and][0][title][$eq]=Alpha&filters[$and][1][internalNotes][$eq]={}'],
    ['$or', '/api/articles?filters[$or][0][id][$eq]=-1&filters[$or][1][internalNotes][$eq]={}'],
    ['$not', '/api/articles?filters[$not][internalNotes][$eq]={}'],
    ['$or in $and in $not', '/api/articles?filters[$not][$and][0][$or][0][internalNotes][$eq]={}'],
    ['GraphQL-style and', '/api/articles?filters[and][0][internalNotes][eq]={}'],
  ] as const) same(label, await pair(path, note, 'nothing'));
});

test('through relations: private attributes of the target, and users the caller may not list', async () => {
  const { payout, reset } = seed.secrets;
  same('author.payoutAccount', await pair('/api/articles?filters[author][payoutAccount][$eq]={}', payout, 'nothing'));
  same('author via $or', await pair('/api/articles?filters[$or][0][author][payoutAccount][$startsWith]={}', 'XXSECRET', 'ZZZ'));
  same('reverse relation authors.articles.internalNotes', await pair('/api/authors?filters[articles][internalNotes][$startsWith]={}', 'SECRET', 'ZZZ'));
  // the public role may not list users: any filter through `reviewer` is refused
  same('reviewer.password (public)', await pair('/api/articles?filters[reviewer][password][$startsWith]={}', '$2a$', '$9z$'));
  same('reviewer.email (public)', await pair('/api/articles?filters[reviewer][email][$eq]={}', String(seed.reviewer.user.email), 'zzz@example.com'));
  same('reviewer.resetPasswordToken (public)', await pair('/api/articles?filters[reviewer][resetPasswordToken][$eq]={}', reset, 'nothing'));
  same('reviewer id (public)', await pair('/api/articles?filters[reviewer][id][$eq]={}', String(seed.reviewer.user.id), '999999'));
  same('reviewer shorthand id (public)', await pair('/api/articles?filters[reviewer]={}', String(seed.reviewer.user.id), '999999'));
  same('reviewer $null (public)', await pair('/api/articles?filters[reviewer][$null]={}', 'false', 'true'));
  same('reviewer.role.type (public)', await pair('/api/articles?filters[reviewer][role][type][$eq]={}', 'authenticated', 'nothing'));
  // a role that may list users still cannot probe their private attributes
  same('reviewer.password (editor)', await pair('/api/articles?filters[reviewer][password][$startsWith]={}', '$2a$', '$9z$', editorJwt));
  same('reviewer.resetPasswordToken (editor)', await pair('/api/articles?filters[reviewer][resetPasswordToken][$notNull]={}', 'true', 'false', editorJwt));
  same('users: password', await pair('/api/users?filters[password][$startsWith]={}', '$2a$', '$9z$', editorJwt));
  same('users: resetPasswordToken', await pair('/api/users?filters[resetPasswordToken][$eq]={}', reset, 'nothing', editorJwt));
  same('users: confirmationToken $null', await pair('/api/users?filters[confirmationToken][$null]={}', 'true', 'false', editorJwt));
  same('users: role.users.password', await pair('/api/users?filters[role][users][password][$startsWith]={}', '$2a$', '$9z$', editorJwt));
  same('users count: password', await pair('/api/users/count?filters[password][$startsWith]={}', '$2a$', '$9z$', editorJwt));
});

test('table-alias-looking and column-looking keys are unknown names', async () => {
  const { note, payout } = seed.secrets;
  for (const [label, path, hit] of [
    ['column name', '/api/articles?filters[internal_notes][$eq]={}', note],
    ['t0 alias', '/api/articles?filters[t0.internal_notes][$eq]={}', note],
    ['table.column', '/api/articles?filters[articles.internal_notes][$eq]={}', note],
    ['quoted alias', '/api/articles?filters["t0"."internal_notes"][$eq]={}', note],
    ['dotted relation path', '/api/articles?filters[author.payoutAccount][$eq]={}', payout],
    ['joined table', '/api/articles?filters[authors.payout_account][$eq]={}', payout],
    ['users table', '/api/articles?filters[up_users.password][$startsWith]={}', '$2a$'],
  ] as const) same(label, await pair(path, hit, 'nothing'));
});

test('sort on private attributes (directly, through relations, as columns) is refused, so order leaks nothing', async () => {
  for (const [label, a, b] of [
    ['sort', 'sort=internalNotes:asc', 'sort=internalNotes:desc'],
    ['sort array', 'sort[0]=previewPassword:asc', 'sort[0]=previewPassword:desc'],
    ['sort object', 'sort[internalNotes]=asc', 'sort[internalNotes]=desc'],
    ['sort through a relation', 'sort=author.payoutAccount:asc', 'sort=author.payoutAccount:desc'],
    ['sort through users', 'sort=reviewer.password:asc', 'sort=reviewer.password:desc'],
    ['sort by column', 'sort=internal_notes:asc', 'sort=internal_notes:desc'],
    ['sort after a valid key', 'sort[0]=title&sort[1]=internalNotes:asc', 'sort[0]=title&sort[1]=internalNotes:desc'],
    ['nested sort object through a relation', 'sort[author][payoutAccount]=asc', 'sort[author][payoutAccount]=desc'],
    ['sort through users the public may not list', 'sort=reviewer.username:asc', 'sort=reviewer.username:desc'],
  ] as const) same(label, [await s.get(`/api/articles?${a}`), await s.get(`/api/articles?${b}`)]);
  same('users sort by password (editor)', [await s.get('/api/users?sort=password:asc', editorJwt), await s.get('/api/users?sort=password:desc', editorJwt)]);
});

test('fields and populate never select or filter private attributes', async () => {
  for (const path of [
    '/api/articles?fields[0]=internalNotes',
    '/api/articles?fields[0]=title&fields[1]=previewPassword',
    '/api/articles?fields=internal_notes',
    '/api/articles?populate[author][fields][0]=payoutAccount',
    '/api/articles?populate[reviewer][fields][0]=password',
  ]) {
    const r = await s.get(path, seed.admin);
    assert.is(r.status, 400, `${path}: ${r.text}`);
  }
  // a populate filter on a private attribute must not decide whether the relation shows up
  same('populate filter on payoutAccount', await pair('/api/articles?populate[author][filters][payoutAccount][$eq]={}', seed.secrets.payout, 'nothing'));
  same('populate filter on reviewer password (editor)', await pair('/api/articles?populate[reviewer][filters][password][$startsWith]={}', '$2a$', '$9z$', editorJwt));
  // populating users the caller may not list shows nothing of them
  const pub = await s.get(`/api/articles/${seed.alpha}?populate=*`);
  assert.is(pub.status, 200, pub.text);
  assert.not.ok(pub.body.data.attributes.reviewer, 'the public role does not see the reviewer');
});

test('GraphQL: private attributes do not exist in the filter, sort or selection', async () => {
  const { note } = seed.secrets;
  const hit = note.slice(0, 10);
  const probe = (v: string) => gql(s, `{ articles(filters: { internalNotes: { eq: ${JSON.stringify(v)} } }) { data { id } } }`);
  same('graphql filter', [await probe(hit), await probe('nothing'), hit, 'nothing']);
  const viaVars = (v: string) => gql(s, 'query($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }', { variables: { f: { internalNotes: { eq: v } } } });
  same('graphql filter through variables', [await viaVars(hit), await viaVars('nothing'), hit, 'nothing']);
  const sortA = await gql(s, '{ articles(sort: ["internalNotes:asc"]) { data { id } } }');
  const sortB = await gql(s, '{ articles(sort: ["internalNotes:desc"]) { data { id } } }');
  assert.is(sortA.status, sortB.status);
  assert.equal(sortA.body.data ?? null, sortB.body.data ?? null, 'graphql sort');
  assert.ok(sortA.body.errors, 'sorting on a private attribute is an error');
  const sel = await gql(s, '{ articles { data { attributes { internalNotes } } } }');
  assert.is(sel.status, 400);
  const rel = (v: string) => gql(s, `{ articles(filters: { author: { payoutAccount: { eq: ${JSON.stringify(v)} } } }) { data { id } } }`);
  same('graphql relation filter', [await rel('XXSECRET'), await rel('nothing'), 'XXSECRET', 'nothing']);
  // users the public role may not list: no filtering through `reviewer`, whatever the attribute
  const email = String(seed.reviewer.user.email);
  const viaUser = (v: string) => gql(s, 'query($v: String) { articles(filters: { reviewer: { email: { eq: $v } } }) { data { id } } }', { variables: { v } });
  const [hitUser, missUser] = [await viaUser(email), await viaUser('zzz@example.com')];
  assert.is(hitUser.status, missUser.status);
  assert.equal(hitUser.body, missUser.body, 'graphql filter through users');
  assert.ok(hitUser.body.errors, hitUser.text);
});

test.run();
