/**
 * integration (GraphQL): a users-permissions JWT is a principal on /graphql too, checked against the
 * same role permissions as REST (including "a populated type needs find"); bad or blocked-user
 * JWTs are 401; createdBy/updatedBy never exist in GraphQL, even for populateCreatorFields types, but
 * GraphQL writes through an admin's token record the admin as REST writes do. register / login / me
 * answer UsersPermissionsLoginPayload / UsersPermissionsMe from auth/users-service.ts (the REST
 * routes' service): same permissions as their REST routes, same errors in Strapi's GraphQL form, the
 * same rate limit (counted with REST's, per IP and identifier).
 */
import { SignJWT } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateAccessKey, hashAccessKey } from '../../../engine/auth/api-tokens.js';
import { hashPassword } from '../../../engine/auth/passwords.js';
import { gql, gqlData } from '../../helpers/graphql.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { knexOf, login, PASSWORD, register, SECRET_KEYS, withEditorRole } from './users-fixture.js';

let s: TestServer;
let authenticated: string;
let editor: string;

test.before(async () => {
  s = await startTestServer({ name: 'users-graphql', artifactsDir: await withEditorRole(), env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  authenticated = (await register(s, 'gqlauth')).jwt;
  const e = await register(s, 'gqleditor');
  const k = knexOf(s);
  const role = await k('up_roles').where('type', 'editor').first();
  await k('up_users_role_links').where('user_id', e.user.id).update({ role_id: role.id });
  editor = e.jwt;
});
test.after(async () => s.stop());

const forbidden = (r: { status: number; body: any }, field: string) => {
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.errors?.[0]?.extensions?.error?.name, 'ForbiddenError', JSON.stringify(r.body));
  assert.equal(r.body.errors[0].path, [field]);
};

test('JWT principals get their role\'s permissions, as on REST', async () => {
  const made = await gqlData(s, 'mutation { createArticle(data: { title: "Via GraphQL" }) { data { id attributes { title } } } }', { token: authenticated });
  assert.is(made.createArticle.data.attributes.title, 'Via GraphQL');
  forbidden(await gql(s, 'mutation { createArticle(data: { title: "Anon" }) { data { id } } }'), 'createArticle');
  forbidden(await gql(s, 'mutation { createArticle(data: { title: "Editor" }) { data { id } } }', { token: editor }), 'createArticle');
  const tag = await gqlData(s, 'mutation { createTag(data: { name: "by editor" }) { data { id } } }', { token: editor });
  assert.ok(tag.createTag.data.id);
  forbidden(await gql(s, '{ articles { data { id } } }', { token: editor }), 'articles');
});

test('a populated type needs find: the editor sees tags but not their articles', async () => {
  const admin = await s.token('full-access');
  await gqlData(s, 'mutation { createTag(data: { name: "linked" }) { data { id } } }', { token: admin });
  const d = await gqlData(s, '{ tags { data { attributes { name articles { data { id } } } } } }', { token: editor });
  for (const t of d.tags.data) assert.equal(t.attributes.articles.data, []);
});

test('bad and blocked-user JWTs are 401 on /graphql', async () => {
  const expired = await new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1000).setExpirationTime(2000).sign(new TextEncoder().encode('test-jwt-secret-0123456789'));
  for (const token of [expired, `${authenticated.slice(0, -3)}abc`]) {
    const r = await gql(s, '{ __typename }', { token });
    assert.is(r.status, 401);
    assert.equal(r.body.error.message, 'Missing or invalid credentials');
  }
  const b = await register(s, 'gqlblocked');
  await knexOf(s)('up_users').where('id', b.user.id).update({ blocked: true });
  const r = await gql(s, '{ __typename }', { token: b.jwt });
  assert.is(r.status, 401);
  assert.equal(r.body.error, { status: 401, name: 'UnauthorizedError', message: 'Invalid credentials', details: {} });
});

test('createdBy / updatedBy are not part of GraphQL, populateCreatorFields or not', async () => {
  const admin = await s.token('full-access');
  await gqlData(s, 'mutation { createEdition(data: { number: 7, title: "Seven" }) { data { id } } }', { token: admin });
  const r = await gql(s, '{ editions { data { attributes { title createdBy { data { id } } } } } }', { token: admin });
  assert.is(r.status, 400);
  assert.match(JSON.stringify(r.body.errors), /Cannot query field \\"createdBy\\"/);
  const ok = await gqlData(s, '{ editions { data { attributes { title } } } }', { token: admin });
  assert.not.match(JSON.stringify(ok), /createdBy|updatedBy/);
});

const USER = 'id username email confirmed blocked role { id name description type }';
const REGISTER = `mutation($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { ${USER} } } }`;
const LOGIN = `mutation($input: UsersPermissionsLoginInput!) { login(input: $input) { jwt user { ${USER} } } }`;
const ME = `{ me { ${USER} } }`;
const AUTHENTICATED = { name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' };

/** a resolver error in Strapi's GraphQL form, `data` null (the payload is non-null) */
function failed(r: { status: number; body: any }, field: string, name: string, message: string, code: string) {
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data, null, JSON.stringify(r.body));
  const [error] = r.body.errors;
  assert.equal(error.path, [field]);
  assert.is(error.message, message);
  assert.equal([error.extensions.error.name, error.extensions.error.message, error.extensions.code], [name, message, code]);
  return error.extensions.error;
}

test('register: a user with the default role, a JWT that works on REST and GraphQL', async () => {
  const d = await gqlData(s, REGISTER, { variables: { input: { username: 'gqlreg', email: 'GqlReg@Example.com', password: PASSWORD } } });
  const { jwt, user } = d.register;
  assert.type(jwt, 'string');
  assert.equal({ ...user, id: undefined, role: { ...user.role, id: undefined } }, {
    id: undefined, username: 'gqlreg', email: 'gqlreg@example.com', confirmed: true, blocked: false, role: { ...AUTHENTICATED, id: undefined },
  });
  assert.match(user.id, /^\d+$/);
  const rest = await s.get('/api/users/me', jwt);
  assert.is(rest.status, 200, rest.text);
  assert.is(String(rest.body.id), user.id);
  assert.equal((await gqlData(s, ME, { token: jwt })).me, user);
  assert.not.match(JSON.stringify(d), SECRET_KEYS);
  // only username, email and password are read: the input type has no other field
  const extra = await gql(s, REGISTER, { variables: { input: { username: 'gqlrole', email: 'gqlrole@example.com', password: PASSWORD, role: 3 } } });
  assert.is(extra.status, 400);
});

test('register: Strapi\'s errors (validation, taken), and only for roles granted auth.register', async () => {
  const invalid = failed(await gql(s, REGISTER, { variables: { input: { username: 'ab', email: 'not-an-email', password: 'short' } } }), 'register', 'ValidationError', '3 errors occurred', 'BAD_USER_INPUT');
  assert.equal(invalid.details.errors.map((e: any) => e.message), ['email must be a valid email', 'username must be at least 3 characters', 'password must be at least 6 characters']);
  failed(await gql(s, REGISTER, { variables: { input: { username: 'other', email: 'GQLREG@example.com', password: PASSWORD } } }), 'register', 'ApplicationError', 'Email or Username are already taken', 'STRAPI_APPLICATION_ERROR');
  failed(await gql(s, REGISTER, { variables: { input: { username: 'gqlreg', email: 'fresh@example.com', password: PASSWORD } } }), 'register', 'ApplicationError', 'Email or Username are already taken', 'STRAPI_APPLICATION_ERROR');
  // the editor role lists its users-permissions grants without auth.register (REST answers 403 too)
  failed(await gql(s, REGISTER, { token: editor, variables: { input: { username: 'byeditor', email: 'byeditor@example.com', password: PASSWORD } } }), 'register', 'ForbiddenError', 'Forbidden access', 'FORBIDDEN');
  assert.is((await s.request('POST', '/api/auth/local/register', { token: editor, body: { username: 'byeditor', email: 'byeditor@example.com', password: PASSWORD } })).status, 403);
  // String! inputs: operator objects cannot reach the service (GraphQL refuses them before it runs)
  const operator = await gql(s, LOGIN, { variables: { input: { identifier: { $gt: '' }, password: PASSWORD } } });
  assert.is(operator.status, 400);
  assert.is(operator.body.data, undefined);
});

test('login: by email in any case and by exact username, with the user and its role', async () => {
  const byEmail = (await gqlData(s, LOGIN, { variables: { input: { identifier: 'GQLREG@example.COM', password: PASSWORD } } })).login;
  const byName = (await gqlData(s, LOGIN, { variables: { input: { identifier: 'gqlreg', password: PASSWORD } } })).login;
  for (const payload of [byEmail, byName]) {
    assert.is(payload.user.username, 'gqlreg');
    assert.equal({ ...payload.user.role, id: undefined }, { ...AUTHENTICATED, id: undefined });
    assert.is((await s.get('/api/users/me', payload.jwt)).status, 200);
  }
  assert.equal(byEmail.user, byName.user);
  const inline = await gqlData(s, `mutation { login(input: { identifier: "gqlreg", password: "${PASSWORD}" }) { jwt } }`);
  assert.type(inline.login.jwt, 'string');
});

test('login: wrong password, unknown identifier and blocked accounts in Strapi\'s GraphQL form', async () => {
  failed(await gql(s, LOGIN, { variables: { input: { identifier: 'gqlreg', password: 'wrong-password' } } }), 'login', 'ValidationError', 'Invalid identifier or password', 'BAD_USER_INPUT');
  failed(await gql(s, LOGIN, { variables: { input: { identifier: 'GQLreg', password: PASSWORD } } }), 'login', 'ValidationError', 'Invalid identifier or password', 'BAD_USER_INPUT');
  failed(await gql(s, LOGIN, { variables: { input: { identifier: 'nobody', password: PASSWORD } } }), 'login', 'ValidationError', 'Invalid identifier or password', 'BAD_USER_INPUT');
  failed(await gql(s, LOGIN, { variables: { input: { identifier: 'gqlreg', password: PASSWORD, provider: 'github' } } }), 'login', 'ApplicationError', 'This provider is disabled', 'STRAPI_APPLICATION_ERROR');
  const b = await register(s, 'gqlblockedlogin');
  await knexOf(s)('up_users').where('id', b.user.id).update({ blocked: true });
  failed(await gql(s, LOGIN, { variables: { input: { identifier: 'gqlblockedlogin', password: PASSWORD } } }), 'login', 'ApplicationError', 'Your account has been blocked by an administrator', 'STRAPI_APPLICATION_ERROR');
});

test('me: the JWT user with its role; Forbidden without a JWT, Unauthorized for an API token', async () => {
  const me = (await gqlData(s, ME, { token: authenticated })).me;
  assert.is(me.username, 'gqlauth');
  assert.is(me.role.type, 'authenticated');
  assert.is((await gqlData(s, '{ me { username role { type } } }', { token: editor })).me.role.type, 'editor');
  const anonymous = await gql(s, ME);
  assert.is(anonymous.status, 200);
  assert.is(anonymous.body.data.me, null);
  assert.equal([anonymous.body.errors[0].path, anonymous.body.errors[0].extensions.error.name, anonymous.body.errors[0].extensions.code], [['me'], 'ForbiddenError', 'FORBIDDEN']);
  const token = await gql(s, ME, { token: await s.token('full-access') });
  assert.is(token.body.data.me, null);
  assert.equal([token.body.errors[0].extensions.error.name, token.body.errors[0].message], ['UnauthorizedError', 'Unauthorized']);
});

test('GraphQL writes through an admin\'s token record createdBy / updatedBy (never shown)', async () => {
  const repo = s.running.app.repo;
  const adminToken = async (email: string) => {
    const admin = await repo.adminUsers.create({ email, firstname: 'G', lastname: 'Q', passwordHash: await hashPassword('Analytical1') });
    const key = generateAccessKey();
    await repo.apiTokens.create({ name: `gql-${email}`, description: '', type: 'full-access', permissions: [], accessKeyHash: hashAccessKey(key, s.config.apiTokenSalt), expiresAt: null, adminUserId: admin.id });
    return { key, id: admin.id };
  };
  const ada = await adminToken('gql-ada@example.com');
  const grace = await adminToken('gql-grace@example.com');
  const k = knexOf(s);
  const creators = async (table: string, id: unknown) => {
    const row = await k(table).where('id', Number(id)).first();
    return [row.created_by_id === null ? null : Number(row.created_by_id), row.updated_by_id === null ? null : Number(row.updated_by_id)];
  };

  const made = await gqlData(s, 'mutation { createArticle(data: { title: "By an admin" }) { data { id } } }', { token: ada.key });
  const id = made.createArticle.data.id;
  assert.equal(await creators('articles', id), [ada.id, ada.id]);
  await gqlData(s, `mutation { updateArticle(id: ${id}, data: { title: "Revised by Grace" }) { data { id } } }`, { token: grace.key });
  assert.equal(await creators('articles', id), [ada.id, grace.id]);
  // a token without an admin and a JWT user leave the columns as they are
  await gqlData(s, `mutation { updateArticle(id: ${id}, data: { title: "Plain token" }) { data { id } } }`, { token: await s.token('full-access') });
  assert.equal(await creators('articles', id), [ada.id, grace.id]);
  const byUser = await gqlData(s, 'mutation { createArticle(data: { title: "By a user" }) { data { id } } }', { token: authenticated });
  assert.equal(await creators('articles', byUser.createArticle.data.id), [null, null]);

  // single types: the first update creates (both columns), the next only updates
  const single = await gqlData(s, 'mutation { updateSiteSetting(data: { siteName: "Quire" }) { data { id } } }', { token: grace.key });
  assert.equal(await creators('site_settings', single.updateSiteSetting.data.id), [grace.id, grace.id]);
  await gqlData(s, 'mutation { updateSiteSetting(data: { siteName: "Quire 2" }) { data { id } } }', { token: ada.key });
  assert.equal(await creators('site_settings', single.updateSiteSetting.data.id), [grace.id, ada.id]);
  const edition = await gqlData(s, 'mutation { createEdition(data: { number: 42, title: "Forty-two" }) { data { id attributes { title } } } }', { token: ada.key });
  assert.not.match(JSON.stringify(edition), /createdBy|updatedBy|Lovelace/);
  assert.equal(await creators('editions', edition.createEdition.data.id), [ada.id, ada.id]);
});

test('the rate limit applies to GraphQL login and register, counted with REST\'s', async () => {
  const limited = await startTestServer({ name: 'users-graphql-limit', env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000' } });
  try {
    await gqlData(limited, REGISTER, { variables: { input: { username: 'rlgql', email: 'rlgql@example.com', password: PASSWORD } } });
    failed(await gql(limited, LOGIN, { variables: { input: { identifier: 'rlgql', password: 'wrong-1' } } }), 'login', 'ValidationError', 'Invalid identifier or password', 'BAD_USER_INPUT');
    assert.is((await login(limited, 'rlgql', 'wrong-2')).status, 400);
    failed(await gql(limited, LOGIN, { variables: { input: { identifier: 'rlgql', password: 'wrong-3' } } }), 'login', 'ValidationError', 'Invalid identifier or password', 'BAD_USER_INPUT');
    const blocked = failed(await gql(limited, LOGIN, { variables: { input: { identifier: 'rlgql', password: PASSWORD } } }), 'login', 'RateLimitError', 'Too many requests, please try again later.', 'STRAPI_RATE_LIMIT_ERROR');
    assert.equal(blocked.details, {});
    assert.is((await login(limited, 'rlgql')).status, 429, 'REST sees the same counts');
    // every registration counts (the first one above too); at the limit register is refused before any check
    for (const username of ['rlgql', 'rlgql']) {
      failed(await gql(limited, REGISTER, { variables: { input: { username, email: `${username}-x@example.com`, password: PASSWORD } } }), 'register', 'ApplicationError', 'Email or Username are already taken', 'STRAPI_APPLICATION_ERROR');
    }
    failed(await gql(limited, REGISTER, { variables: { input: { username: 'rlgql2', email: 'rlgql2@example.com', password: PASSWORD } } }), 'register', 'RateLimitError', 'Too many requests, please try again later.', 'STRAPI_RATE_LIMIT_ERROR');
  } finally {
    await limited.stop();
  }
});

test.run();
