/**
 * compiler: a Strapi project root's parts that quire does not run are reported on stderr, one `warning:`
 * line per kind with the count and the first names. The project's own code (routers, controllers,
 * services, policies, middlewares, lifecycles, register/bootstrap) runs and is not reported; Strapi's
 * core factories and an empty src/index.js are not code of its own (nothing is bundled for them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { isCoreFactory, isEmptyEntryFile } from '../../compiler/load/scan-project-parts.js';
import { runCli, tempDir, writeJsonFile } from '../helpers/spec-dir.js';

const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

const CORE = (kind: string, uid: string) => `'use strict';\n\n/** ${kind} */\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.createCore${kind}('${uid}');\n`;

function project(): string {
  const root = join(tempDir(), 'app');
  for (const api of ['post', 'tag', 'event']) {
    writeJsonFile(join(root, 'src', 'api', api, 'content-types', api, 'schema.json'), {
      kind: 'collectionType',
      info: { singularName: api, pluralName: `${api}s`, displayName: api },
      attributes: { name: { type: 'string' } },
    });
    for (const [dir, kind] of [['controllers', 'Controller'], ['routes', 'Router'], ['services', 'Service']]) write(join(root, 'src', 'api', api, dir, `${api}.js`), CORE(kind, `api::${api}.${api}`));
  }
  write(join(root, 'src', 'api', 'post', 'controllers', 'post.js'), "const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreController('api::post.post', ({ strapi }) => ({ async find(ctx) { return super.find(ctx); } }));\n");
  write(join(root, 'src', 'api', 'post', 'routes', 'custom.js'), "module.exports = { routes: [{ method: 'GET', path: '/posts/featured', handler: 'post.featured' }] };\n");
  write(join(root, 'src', 'api', 'tag', 'policies', 'is-owner.js'), 'module.exports = () => true;\n');
  write(join(root, 'src', 'api', 'post', 'content-types', 'post', 'lifecycles.js'), 'module.exports = { beforeCreate() {} };\n');
  write(join(root, 'src', 'middlewares', 'timing.js'), 'module.exports = () => async (ctx, next) => next();\n');
  write(join(root, 'src', 'index.js'), "'use strict';\nmodule.exports = {\n  register() {},\n  async bootstrap({ strapi }) { await strapi.service('api::post.post').seed(); },\n};\n");
  writeJsonFile(join(root, 'src', 'extensions', 'users-permissions', 'content-types', 'user', 'schema.json'), { attributes: { nickname: { type: 'string' } } });
  write(join(root, 'src', 'extensions', 'users-permissions', 'strapi-server.js'), 'module.exports = (plugin) => plugin;\n');
  write(join(root, 'config', 'middlewares.js'), "module.exports = ['strapi::errors', 'strapi::cors', 'global::timing', { name: 'strapi::body', config: {} }];\n");
  write(join(root, 'config', 'plugins.js'), "module.exports = ({ env }) => ({ seo: { enabled: true }, graphql: { config: { depthLimit: 8 } }, sitemap: { enabled: false }, 'populate-deep': {} });\n");
  writeJsonFile(join(root, 'package.json'), { name: 'app', dependencies: { '@strapi/strapi': '4.26.2', '@strapi/plugin-i18n': '4.26.2', '@strapi/plugin-seo': '1.9.9', 'strapi-plugin-populate-deep': '3.0.1' } });
  return root;
}

test('one warning line per kind of project part quire does not run; the project code runs and is bundled; exit code 0', async () => {
  const out = join(tempDir(), 'art');
  const r = await runCli(main, ['build', '--src', project(), '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  assert.equal(r.err.filter((l) => l.startsWith('warning: ')), [
    'warning: src/extensions: 1 extension file not run by quire: extensions/users-permissions/strapi-server.js (only the users-permissions user schema is read)',
    'warning: config/middlewares.js: 1 application middleware not run by quire: global::timing (route middlewares named in a router run)',
    'warning: config/plugins.js: 2 plugins enabled in config not run by quire: populate-deep, seo',
    'warning: package.json: 1 installed Strapi plugin not run by quire: @strapi/plugin-seo (custom fields they register are served as the type they store)',
  ]);
  assert.ok(existsSync(join(out, 'project-code.cjs')));
  const model = JSON.parse(readFileSync(join(out, 'model.json'), 'utf8'));
  assert.equal(model.project.routes.filter((x: { core: boolean }) => !x.core), [
    { method: 'get', path: '/api/posts/featured', uid: 'api::post.post', action: 'featured', core: false, public: false, file: 'src/api/post/routes/custom.js' },
  ]);
});

test('strapi-plugin-populate-deep is served: installed in package.json or set in config/plugins, its defaultDepth read', async () => {
  const read = async (root: string) => {
    const out = join(tempDir(), 'art');
    const r = await runCli(main, ['build', '--src', root, '--out', out]);
    assert.is(r.code, 0, r.err.join('\n'));
    return JSON.parse(readFileSync(join(out, 'model.json'), 'utf8')).config.populateDeep;
  };
  assert.equal(await read(project()), { defaultDepth: 5 }, 'installed: on with the plugin\'s default depth');
  // config files are modules: each variant in a project of its own (a module is loaded once per process)
  const configured = project();
  write(join(configured, 'config', 'plugins.js'), "module.exports = () => ({ 'strapi-plugin-populate-deep': { config: { defaultDepth: 3 } } });\n");
  assert.equal(await read(configured), { defaultDepth: 3 });
  const disabled = project();
  write(join(disabled, 'config', 'plugins.js'), "module.exports = () => ({ 'strapi-plugin-populate-deep': { enabled: false } });\n");
  assert.is(await read(disabled), undefined, 'disabled in config');
  const plain = project();
  writeJsonFile(join(plain, 'package.json'), { name: 'app', dependencies: { '@strapi/strapi': '4.26.2' } });
  write(join(plain, 'config', 'plugins.js'), 'module.exports = () => ({});\n');
  assert.is(await read(plain), undefined, 'neither installed nor configured: off');
});

test('a project of generated files only builds without a warning', async () => {
  const root = join(tempDir(), 'plain');
  writeJsonFile(join(root, 'src', 'api', 'tag', 'content-types', 'tag', 'schema.json'), {
    kind: 'collectionType', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' }, attributes: { name: { type: 'string' } },
  });
  write(join(root, 'src', 'api', 'tag', 'controllers', 'tag.js'), "'use strict';\n\nconst { createCoreController } = require('@strapi/strapi').factories;\n\nmodule.exports = createCoreController('api::tag.tag');\n");
  write(join(root, 'src', 'api', 'tag', 'routes', 'tag.ts'), "import { factories } from '@strapi/strapi';\n\nexport default factories.createCoreRouter('api::tag.tag');\n");
  write(join(root, 'src', 'index.js'), "'use strict';\n\nmodule.exports = {\n  /** register */\n  register(/*{ strapi }*/) {},\n  // bootstrap\n  bootstrap(/*{ strapi }*/) {},\n};\n");
  write(join(root, 'src', 'extensions', '.gitkeep'), '');
  const out = join(tempDir(), 'art');
  const r = await runCli(main, ['build', '--src', root, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  assert.equal(r.err, []);
  // no code of its own: nothing bundled, no project in the model (served exactly as its content-types say)
  assert.not.ok(existsSync(join(out, 'project-code.cjs')));
  assert.is(JSON.parse(readFileSync(join(out, 'model.json'), 'utf8')).project, undefined);
});

test('core factory and empty entry file detection', () => {
  assert.ok(isCoreFactory("module.exports = createCoreService('api::a.a');", 'createCoreService'));
  assert.ok(isCoreFactory("module.exports = require('@strapi/strapi').factories.createCoreController('api::a.a');\n", 'createCoreController'));
  assert.not.ok(isCoreFactory("module.exports = createCoreService('api::a.a', () => ({}));", 'createCoreService'));
  assert.not.ok(isCoreFactory("module.exports = createCoreRouter('api::a.a');", 'createCoreService'));
  assert.ok(isEmptyEntryFile('export default {\n  register() {},\n  async bootstrap() {},\n};\n'));
  assert.not.ok(isEmptyEntryFile("module.exports = { register() { console.log('x'); } };"));
});

test.run();
