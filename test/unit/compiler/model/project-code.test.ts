/**
 * unit, compiler/model: the routes Strapi's core router makes (only / except / per-action config), the
 * handler strings of custom routes, Koa paths in OpenAPI form, and which `strapi.*` uses quire provides.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coreRouterRoutes, openApiPath, parseHandler } from '../../../../compiler/model/project-code.js';
import { checkApiUse, type ApiStep } from '../../../../compiler/model/strapi-api.js';

const article = { uid: 'api::article.article', kind: 'collectionType' as const, singularName: 'article', pluralName: 'articles' };
const global = { uid: 'api::global.global', kind: 'singleType' as const, singularName: 'global', pluralName: 'globals' };

test('core routes of a collection type, in Strapi order', () => {
  assert.equal(coreRouterRoutes(article).map((r) => `${r.method} ${r.path} ${r.handler}`), [
    'GET /articles api::article.article.find',
    'GET /articles/:id api::article.article.findOne',
    'POST /articles api::article.article.create',
    'PUT /articles/:id api::article.article.update',
    'DELETE /articles/:id api::article.article.delete',
  ]);
});

test('core routes of a single type; only, except and per-action config', () => {
  assert.equal(coreRouterRoutes(global).map((r) => `${r.method} ${r.path}`), ['GET /global', 'PUT /global', 'DELETE /global']);
  assert.equal(coreRouterRoutes(article, { only: ['find', 'findOne'] }).map((r) => r.handler), ['api::article.article.find', 'api::article.article.findOne']);
  assert.equal(coreRouterRoutes(article, { except: ['delete', 'create'] }).length, 3);
  const policies = ['is-owner'];
  assert.equal(coreRouterRoutes(article, { config: { update: { policies } } })[3].config, { policies });
});

test('handlers: short form of the router api, full uid form; anything else is refused', () => {
  assert.equal(parseHandler('article.findBySlug', 'article'), { uid: 'api::article.article', action: 'findBySlug' });
  assert.equal(parseHandler('stats.count', 'blog'), { uid: 'api::blog.stats', action: 'count' });
  assert.equal(parseHandler('api::blog.post.find', 'other'), { uid: 'api::blog.post', action: 'find' });
  assert.is(parseHandler('find', 'blog'), undefined);
  assert.is(parseHandler('a.b.c.d', 'blog'), undefined);
});

test('Koa paths in OpenAPI form; patterns are refused', () => {
  assert.is(openApiPath('/articles/:id/like'), '/articles/{id}/like');
  assert.is(openApiPath('/articles/by-slug/:slug/'), '/articles/by-slug/{slug}');
  assert.is(openApiPath('/files/(.*)'), undefined);
  assert.is(openApiPath('/a/:id(\\d+)'), undefined);
});

const steps = (...s: [string, boolean?, string?][]): ApiStep[] => s.map(([name, called = false, arg]) => ({ name, called, ...(arg !== undefined && { arg }) }));

const USES: [string, ApiStep[], string | undefined][] = [
  ['strapi.entityService.findMany', steps(['entityService'], ['findMany', true]), undefined],
  ['strapi.entityService.findWithRelationCounts', steps(['entityService'], ['findWithRelationCounts', true]), 'strapi.entityService.findWithRelationCounts'],
  ['strapi.db.query(uid).updateMany', steps(['db'], ['query', true, 'api::a.a'], ['updateMany', true]), undefined],
  ['strapi.db.connection', steps(['db'], ['connection']), 'strapi.db.connection'],
  ['strapi.db.query(uid).load', steps(['db'], ['query', true, 'api::a.a'], ['load', true]), 'strapi.db.query().load'],
  ['strapi.service(uid).anything', steps(['service', true, 'api::a.a'], ['anything', true]), undefined],
  ['strapi.store', steps(['store', true]), 'strapi.store'],
  ["strapi.plugin('email').service('email').send", steps(['plugin', true, 'email'], ['service', true, 'email'], ['send', true]), undefined],
  ["strapi.plugin('upload').service('upload')", steps(['plugin', true, 'upload'], ['service', true, 'upload'], ['upload', true]), "strapi.plugin('upload')"],
  ["strapi.plugin('users-permissions').service('role')", steps(['plugin', true, 'users-permissions'], ['service', true, 'role']), "strapi.plugin('users-permissions').service('role')"],
  ["strapi.plugin(name) (computed)", steps(['plugin', true]), undefined],
  ['strapi.log.info', steps(['log'], ['info', true]), undefined],
  ['strapi.log.silly', steps(['log'], ['silly', true]), 'strapi.log.silly'],
  ['strapi alone', [], undefined],
];

for (const [label, chain, expected] of USES) {
  test(`strapi API use: ${label}`, () => assert.is(checkApiUse(chain), expected));
}

test.run();
