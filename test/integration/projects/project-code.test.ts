/**
 * integration (projects): a project's own code in the forms Strapi v4 projects write it. TypeScript
 * and ESM files (routers, controllers, a global middleware, lifecycles) are bundled by `quire build`
 * and run by `quire serve`, over REST and GraphQL on the dialect under test; a `strapi.*` API quire
 * does not provide, or a middleware name that resolves to nothing, stops the start with one line
 * naming the file (never a request answered 500).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../../compiler/cli.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { runCli, tempDir, writeJsonFile } from '../../helpers/spec-dir.js';

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** A project of one `note` type whose code is TypeScript and ESM. */
function tsProject(): string {
  const root = join(tempDir(), 'notes');
  writeJsonFile(join(root, 'src/api/note/content-types/note/schema.json'), {
    kind: 'collectionType',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: { draftAndPublish: false },
    attributes: { text: { type: 'string', required: true }, words: { type: 'integer' }, stamp: { type: 'string' } },
  });
  writeJsonFile(join(root, 'config/permissions.json'), { public: ['api::note.note.find', 'api::note.note.create', 'api::note.note.stats'] });
  write(root, 'src/api/note/routes/note.ts', `import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::note.note', {
  config: {
    find: {
      middlewares: [
        async (ctx: any, next: () => Promise<void>) => {
          ctx.query = { ...ctx.query, sort: 'id:desc' };
          await next();
        },
        'global::stamp',
      ],
    },
  },
});
`);
  write(root, 'src/api/note/routes/custom.mjs', `import { errors } from '@strapi/utils';

export default {
  routes: [
    { method: 'GET', path: '/notes/stats', handler: 'note.stats' },
    { method: 'GET', path: '/notes/probe/:what', handler: 'note.probe', config: { auth: false } },
    {
      method: 'GET',
      path: '/notes/guarded',
      handler: 'note.probe',
      config: { auth: false, policies: [() => { throw new errors.PolicyError('not you', { policy: 'inline' }); }] },
    },
  ],
};
`);
  write(root, 'src/api/note/controllers/note.ts', `import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';

interface Note { id: number; words?: number }

export default factories.createCoreController('api::note.note', ({ strapi }) => ({
  async stats(ctx: any) {
    const notes = (await strapi.entityService.findMany('api::note.note', { fields: ['words'] })) as Note[];
    if (ctx.query.fail) throw new errors.ApplicationError('stats refused', { why: 'asked' });
    ctx.body = { notes: notes.length, words: notes.reduce((n, x) => n + (x.words ?? 0), 0) };
  },
  async probe(ctx: any) {
    switch (ctx.params.what) {
      case 'bad': return ctx.badRequest('bad thing', { a: 1 });
      case 'conflict': return ctx.throw(409, 'taken');
      case 'unauthorized': return ctx.unauthorized('who are you');
      case 'send': return ctx.send({ ok: true }, 201);
      default: return undefined;
    }
  },
}));
`);
  write(root, 'src/api/note/content-types/note/lifecycles.ts', `const count = (text: string): number => text.split(/\\s+/).filter(Boolean).length;

export default {
  beforeCreate(event: { params: { data: { text?: string; words?: number } } }) {
    const { data } = event.params;
    data.words = count(data.text ?? '');
  },
};
`);
  write(root, 'src/middlewares/stamp.ts', `export default (config: unknown, { strapi }: { strapi: any }) => async (ctx: any, next: () => Promise<void>) => {
  await next();
  ctx.set('X-Stamp', strapi.config.get('custom.stamp', 'none'));
};
`);
  write(root, 'config/custom.ts', "export default ({ env }: { env: (k: string, d?: string) => string }) => ({ stamp: env('NOTES_STAMP', 'ts-project') });\n");
  write(root, 'src/index.ts', `export default {
  register() {},
  async bootstrap({ strapi }: { strapi: any }) {
    await strapi.entityService.create('api::note.note', { data: { text: 'seeded by bootstrap' } });
  },
};
`);
  return root;
}

async function build(root: string): Promise<{ out: string; err: string[] }> {
  const out = join(tempDir(), 'artifacts');
  const r = await runCli(main, ['build', '--src', root, '--out', out]);
  assert.is(r.code, 0, r.err.join('\n'));
  return { out, err: r.err };
}

let s: TestServer;

test.before(async () => {
  const { out } = await build(tsProject());
  s = await startTestServer({ name: 'project-code', artifactsDir: out });
});
test.after(async () => {
  await s?.stop();
});

test('TypeScript and ESM code runs: bootstrap, lifecycle, inline and global middlewares, custom route', async () => {
  const created = await s.request('POST', '/api/notes', { body: { data: { text: 'one two three' } } });
  assert.is(created.status, 200, created.text);
  assert.is(created.body.data.attributes.words, 3);
  const list = await s.get('/api/notes');
  assert.is(list.status, 200, list.text);
  assert.is(list.headers.get('x-stamp'), 'ts-project');
  // the inline middleware sorts by id descending; the bootstrap's note came first
  assert.equal(list.body.data.map((e: { attributes: { text: string } }) => e.attributes.text), ['one two three', 'seeded by bootstrap']);
  const stats = await s.get('/api/notes/stats');
  assert.equal([stats.status, stats.body], [200, { notes: 2, words: 6 }]);
});

test("an error of @strapi/utils thrown by a controller is answered with Strapi's envelope", async () => {
  const r = await s.get('/api/notes/stats?fail=1');
  assert.equal([r.status, r.body], [400, { data: null, error: { status: 400, name: 'ApplicationError', message: 'stats refused', details: { why: 'asked' } } }]);
});

test("Strapi's context helpers answer as Strapi 4.26.2 does", async () => {
  const answers = await Promise.all(['bad', 'conflict', 'unauthorized', 'send', 'nothing'].map((w) => s.get(`/api/notes/probe/${w}`)));
  assert.equal(answers.map((r) => [r.status, r.body]), [
    [400, { data: null, error: { status: 400, name: 'BadRequestError', message: 'bad thing', details: { a: 1 } } }],
    [409, { data: null, error: { status: 409, name: 'ConflictError', message: 'taken', details: {} } }],
    [401, { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'who are you', details: {} } }],
    [201, { ok: true }],
    [404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }],
  ]);
  const guarded = await s.get('/api/notes/guarded');
  assert.equal([guarded.status, guarded.body], [403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } }]);
});

test('GraphQL writes run the lifecycle too', async () => {
  const token = await s.token('full-access');
  const r = await s.request('POST', '/graphql', { token, body: { query: 'mutation { createNote(data: { text: "four words right here" }) { data { attributes { words } } } }' } });
  assert.equal(r.body, { data: { createNote: { data: { attributes: { words: 4 } } } } });
});

test('the custom route is in the published contract, its answer undescribed', async () => {
  const doc = (await s.get('/openapi.json')).body;
  const op = doc.paths['/api/notes/stats'].get;
  assert.equal([op.operationId, op['x-quire'], op['x-quire-custom'], op.responses['200'].content['application/json'].schema], ['note.note.stats', { uid: 'api::note.note', action: 'stats' }, true, {}]);
});

test('a strapi API quire does not provide: the build names it, the start refuses with one line per use', async () => {
  const root = tsProject();
  write(root, 'src/index.ts', `export default {
  async bootstrap({ strapi }: { strapi: any }) {
    const store = strapi.store({ type: 'plugin', name: 'x' });
    await store.set({ key: 'seen', value: true });
  },
};
`);
  const { out, err } = await build(root);
  assert.ok(err.some((l) => l.startsWith('warning: src/index.ts:3: strapi.store is not provided by quire')), err.join('\n'));
  try {
    await startTestServer({ name: 'project-code-unsupported', artifactsDir: out });
    assert.unreachable('the server started');
  } catch (e) {
    assert.match((e as Error).message, /^src\/index\.ts:3: strapi\.store is not provided by quire \(quire provides strapi\.log/);
  }
});

test('a route naming a middleware the project does not have stops the start, naming the router', async () => {
  const root = tsProject();
  write(root, 'src/api/note/routes/note.ts', "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::note.note', { config: { find: { middlewares: ['global::missing'] } } });\n");
  const { out } = await build(root);
  try {
    await startTestServer({ name: 'project-code-missing', artifactsDir: out });
    assert.unreachable('the server started');
  } catch (e) {
    assert.match((e as Error).message, 'src/api/note/routes/note.ts: middleware "global::missing" not found (the project has: global::stamp)');
  }
});

test.run();
