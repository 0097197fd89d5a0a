/**
 * unit, compiler/load: the `strapi.*` uses of a project file quire does not provide, with their line,
 * found in JavaScript (CommonJS or ESM) and TypeScript; declarations and property names called
 * `strapi` are not uses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanApiUses } from '../../../../compiler/load/scan-api-uses.js';

test('CommonJS: the global and the destructured strapi', () => {
  const text = [
    "'use strict';",
    'module.exports = {',
    '  async bootstrap({ strapi }) {',
    "    const store = strapi.store({ type: 'plugin' });",
    "    await strapi.entityService.findMany('api::a.a');",
    "    strapi.plugin('upload').service('upload').upload({});",
    '  },',
    '};',
  ].join('\n');
  assert.equal(scanApiUses('src/index.js', text), [
    { at: 'src/index.js:4', api: 'strapi.store' },
    { at: 'src/index.js:6', api: "strapi.plugin('upload')" },
  ]);
});

test('TypeScript and ESM; optional chaining is followed', () => {
  const text = [
    "import { factories } from '@strapi/strapi';",
    'type S = { strapi: unknown };',
    "export default factories.createCoreService('api::a.a', ({ strapi }: { strapi: any }) => ({",
    '  async run(): Promise<void> {',
    '    await strapi?.db?.connection?.raw(`select 1`);',
    "    strapi.log.info('ok');",
    '  },',
    '}));',
  ].join('\n');
  assert.equal(scanApiUses('src/api/a/services/a.ts', text), [{ at: 'src/api/a/services/a.ts:5', api: 'strapi.db.connection' }]);
});

test('a property named strapi or a computed member is not followed', () => {
  assert.equal(scanApiUses('x.js', 'const o = { strapi: 1 }; o.strapi.store(); const k = "store"; strapi[k]();'), []);
});

test.run();
