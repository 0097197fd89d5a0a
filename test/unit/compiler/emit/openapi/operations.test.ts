/**
 * test (compiler/emit/openapi): every REST operation of the seed and of the plugins is present with its
 * stable operationId, method, full path, tag and `x-quire: {uid, action}` routing key.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exampleDoc, operationById, operationsOf } from './example-model.js';

const COLLECTIONS: [string, string, string][] = [
  ['article', 'articles', 'api::article.article'],
  ['author', 'authors', 'api::author.author'],
  ['author-profile', 'author-profiles', 'api::author-profile.author-profile'],
  ['category', 'categories', 'api::category.category'],
  ['edition', 'editions', 'api::edition.edition'],
  ['tag', 'tags', 'api::tag.tag'],
];
const SINGLES: [string, string][] = [
  ['homepage', 'api::homepage.homepage'],
  ['site-setting', 'api::site-setting.site-setting'],
];
const USER = 'plugin::users-permissions.user';
const FILE = 'plugin::upload.file';
const ROLE = 'plugin::users-permissions.role';

/** [operationId, method, path, uid, action] */
const EXPECTED: [string, string, string, string, string][] = [
  ...COLLECTIONS.flatMap(([s, p, uid]): [string, string, string, string, string][] => [
    [`${s}.find`, 'get', `/api/${p}`, uid, 'find'],
    [`${s}.create`, 'post', `/api/${p}`, uid, 'create'],
    [`${s}.findOne`, 'get', `/api/${p}/{id}`, uid, 'findOne'],
    [`${s}.update`, 'put', `/api/${p}/{id}`, uid, 'update'],
    [`${s}.delete`, 'delete', `/api/${p}/{id}`, uid, 'delete'],
  ]),
  ...SINGLES.flatMap(([s, uid]): [string, string, string, string, string][] => [
    [`${s}.find`, 'get', `/api/${s}`, uid, 'find'],
    [`${s}.update`, 'put', `/api/${s}`, uid, 'update'],
    [`${s}.delete`, 'delete', `/api/${s}`, uid, 'delete'],
  ]),
  ['users-permissions.auth.local', 'post', '/api/auth/local', USER, 'login'],
  ['users-permissions.auth.register', 'post', '/api/auth/local/register', USER, 'register'],
  ['users-permissions.user.me', 'get', '/api/users/me', USER, 'me'],
  ['users-permissions.user.find', 'get', '/api/users', USER, 'find'],
  ['users-permissions.user.findOne', 'get', '/api/users/{id}', USER, 'findOne'],
  ['users-permissions.user.count', 'get', '/api/users/count', USER, 'count'],
  ['users-permissions.user.update', 'put', '/api/users/{id}', USER, 'update'],
  ['users-permissions.user.destroy', 'delete', '/api/users/{id}', USER, 'destroy'],
  ['users-permissions.user.create', 'post', '/api/users', USER, 'create'],
  ['users-permissions.auth.forgotPassword', 'post', '/api/auth/forgot-password', USER, 'forgotPassword'],
  ['users-permissions.auth.resetPassword', 'post', '/api/auth/reset-password', USER, 'resetPassword'],
  ['users-permissions.auth.changePassword', 'post', '/api/auth/change-password', USER, 'changePassword'],
  ['users-permissions.auth.emailConfirmation', 'get', '/api/auth/email-confirmation', USER, 'emailConfirmation'],
  ['users-permissions.auth.sendEmailConfirmation', 'post', '/api/auth/send-email-confirmation', USER, 'sendEmailConfirmation'],
  ['users-permissions.role.find', 'get', '/api/users-permissions/roles', ROLE, 'find'],
  ['users-permissions.role.findOne', 'get', '/api/users-permissions/roles/{id}', ROLE, 'findOne'],
  ['users-permissions.role.createRole', 'post', '/api/users-permissions/roles', ROLE, 'createRole'],
  ['users-permissions.role.updateRole', 'put', '/api/users-permissions/roles/{id}', ROLE, 'updateRole'],
  ['users-permissions.role.deleteRole', 'delete', '/api/users-permissions/roles/{id}', ROLE, 'deleteRole'],
  ['users-permissions.permissions.getPermissions', 'get', '/api/users-permissions/permissions', ROLE, 'getPermissions'],
  ['upload.upload', 'post', '/api/upload', FILE, 'upload'],
  ['upload.find', 'get', '/api/upload/files', FILE, 'find'],
  ['upload.findOne', 'get', '/api/upload/files/{id}', FILE, 'findOne'],
  ['upload.destroy', 'delete', '/api/upload/files/{id}', FILE, 'destroy'],
];

test('exactly the expected operations, each with x-quire', async () => {
  const doc = await exampleDoc();
  const found = operationsOf(doc).map(({ method, path, op }) => [op.operationId, method, path, op['x-quire'].uid, op['x-quire'].action]);
  const sort = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
  assert.equal(sort(found), sort(EXPECTED));
});

test('operationIds are unique', async () => {
  const ids = operationsOf(await exampleDoc()).map(({ op }) => op.operationId);
  assert.is(new Set(ids).size, ids.length);
});

test('single types have no POST and no /{id} route', async () => {
  const doc = await exampleDoc();
  assert.equal(Object.keys(doc.paths['/api/homepage']), ['get', 'put', 'delete']);
  assert.not.ok(doc.paths['/api/homepage/{id}']);
});

test('the id path parameter is an integer >= 1', async () => {
  const doc = await exampleDoc();
  const { op } = operationById(doc, 'article.findOne');
  assert.equal(op.parameters[0], { $ref: '#/components/parameters/Id' });
  assert.equal(doc.components.parameters.Id, {
    name: 'id',
    in: 'path',
    required: true,
    description: doc.components.parameters.Id.description,
    schema: { type: 'integer', minimum: 1 },
  });
});

test('operations are tagged with the display name and say who may call them', async () => {
  const doc = await exampleDoc();
  assert.equal(operationById(doc, 'site-setting.find').op.tags, ['Site settings']);
  assert.equal(operationById(doc, 'users-permissions.user.me').op.tags, ['User']);
  assert.equal(operationById(doc, 'upload.find').op.tags, ['File']);
  const tagNames = doc.tags.map((t: { name: string }) => t.name);
  assert.ok(tagNames.includes('Article') && tagNames.includes('Author profile'));
  const find = operationById(doc, 'article.find').op.description as string;
  assert.match(find, 'private by default');
  assert.match(find, 'api::article.article.find, granted to roles: authenticated, public (callable without a token)');
  assert.match(operationById(doc, 'article.create').op.description, 'granted to roles: authenticated; send a bearer JWT');
  assert.match(operationById(doc, 'article.delete').op.description, 'granted to no role');
});

test('create and update take a JSON body; reads answer the envelope schemas', async () => {
  const doc = await exampleDoc();
  const body = (id: string) => operationById(doc, id).op.requestBody?.content['application/json'].schema.$ref;
  const ok = (id: string) => operationById(doc, id).op.responses['200'].content['application/json'].schema;
  assert.is(body('article.create'), '#/components/schemas/ArticleRequest');
  assert.is(body('article.update'), '#/components/schemas/ArticleUpdateRequest');
  assert.is(body('homepage.update'), '#/components/schemas/HomepageUpdateRequest');
  assert.is(ok('article.find').$ref, '#/components/schemas/ArticleListResponse');
  assert.is(ok('article.findOne').$ref, '#/components/schemas/ArticleResponse');
  assert.is(ok('article.delete').$ref, '#/components/schemas/ArticleResponse');
  assert.is(ok('homepage.find').$ref, '#/components/schemas/HomepageResponse');
});

test('plugin routes answer flat records', async () => {
  const doc = await exampleDoc();
  const ok = (id: string) => operationById(doc, id).op.responses['200'].content['application/json'].schema;
  assert.equal(ok('users-permissions.user.me'), { $ref: '#/components/schemas/UsersPermissionsUserRecord' });
  assert.equal(ok('users-permissions.user.find'), { type: 'array', items: { $ref: '#/components/schemas/UsersPermissionsUserRecord' } });
  assert.equal(ok('users-permissions.user.count'), { type: 'integer', minimum: 0 });
  assert.equal(ok('users-permissions.auth.local'), { $ref: '#/components/schemas/AuthResponse' });
  assert.equal(ok('upload.findOne'), { $ref: '#/components/schemas/UploadFileRecord' });
  const upload = operationById(doc, 'upload.upload').op;
  assert.equal(upload.requestBody.content['multipart/form-data'].schema, { $ref: '#/components/schemas/UploadRequest' });
  assert.ok(upload.parameters.some((p: { name: string; in: string }) => p.name === 'id' && p.in === 'query'));
  assert.equal(ok('upload.upload').oneOf[0], { type: 'array', items: { $ref: '#/components/schemas/UploadFileRecord' } });
});

test.run();
