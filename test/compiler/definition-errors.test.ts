/**
 * build: every class of bad definition fails `quire build` with exit code 1, one `error:` line per
 * problem naming the file, the attribute and the reason, and writes nothing.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, editJson, runCli, tempDir } from '../helpers/spec-dir.js';

const POST = 'api/post/content-types/post/schema.json';
const PERSON = 'api/person/content-types/person/schema.json';

interface Case {
  name: string;
  setup: (dir: string) => void;
  /** each entry must match one error line, in any order; no other error lines allowed */
  expect: RegExp[];
}

const cases: Case[] = [
  {
    name: 'invalid JSON reports line and column',
    setup: (dir) => writeFileSync(join(dir, POST), '{\n  "kind": "collectionType",\n  "info": { "singularName": "post" ,, }\n}\n'),
    expect: [/^error: api\/post\/content-types\/post\/schema\.json: invalid JSON at line 3, column \d+/],
  },
  {
    name: 'unknown attribute type',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.title.type = 'strin')),
    expect: [/post\/schema\.json: attribute "title": unknown type "strin"/],
  },
  {
    name: 'missing relation target',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.editor = { type: 'relation', relation: 'oneToOne', target: 'api::editor.editor' })),
    expect: [/post\/schema\.json: attribute "editor": relation target "api::editor\.editor" does not exist/],
  },
  {
    name: 'unknown relation kind',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.writer.relation = 'oneToFew')),
    expect: [/post\/schema\.json: attribute "writer": unknown relation kind "oneToFew"/],
  },
  {
    name: 'missing component',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.meta.component = 'blog.nothing')),
    expect: [/post\/schema\.json: attribute "meta": component "blog\.nothing" does not exist/],
  },
  {
    name: 'missing dynamic-zone component',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.body = { type: 'dynamiczone', components: ['blog.meta', 'blog.gone'] })),
    expect: [/post\/schema\.json: attribute "body": component "blog\.gone" does not exist/],
  },
  {
    name: 'inversedBy naming an attribute that does not exist',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.writer.inversedBy = 'articles')),
    expect: [/post\/schema\.json: attribute "writer": inversedBy "articles" is not an attribute of api::person\.person/, /person\/schema\.json: attribute "posts": mappedBy "writer": api::post\.post\.writer must have inversedBy: "posts"/],
  },
  {
    // person.posts is tolerated as one-sided (a warning, see tolerances.test.ts); writer's inversedBy is not
    name: 'inversedBy whose other side maps something else',
    setup: (dir) => editJson(dir, PERSON, (s) => (s.attributes.posts.mappedBy = 'title')),
    expect: [/post\/schema\.json: attribute "writer": inversedBy "posts": api::person\.person\.posts must have mappedBy: "writer"/],
  },
  {
    name: 'inversedBy naming no attribute (Strapi refuses it too)',
    setup: (dir) => editJson(dir, POST, (s) => (s.attributes.writer.inversedBy = 'ghost')),
    expect: [/post\/schema\.json: attribute "writer": inversedBy "ghost" is not an attribute of api::person\.person/, /person\/schema\.json: attribute "posts": mappedBy "writer": api::post\.post\.writer must have inversedBy: "posts"/],
  },
  {
    name: 'relation kinds that do not mirror each other',
    setup: (dir) => editJson(dir, PERSON, (s) => (s.attributes.posts.relation = 'manyToMany')),
    expect: [/post\/schema\.json: attribute "writer": manyToOne does not match api::person\.person\.posts \(manyToMany\); expected oneToMany there/],
  },
  {
    name: 'duplicate singular API id',
    setup: (dir) => editJson(dir, PERSON, (s) => (s.info.singularName = 'post')),
    expect: [/post\/schema\.json: \/info\/singularName: API id "post" is already used by api::person\.person/, /GraphQL type name "Post" is already used/],
  },
  {
    name: 'plural API id equal to another type\'s singular',
    setup: (dir) => editJson(dir, PERSON, (s) => (s.info.pluralName = 'post')),
    expect: [/post\/schema\.json: \/info\/singularName: API id "post" is already used by api::person\.person/],
  },
  {
    name: 'duplicate collection name',
    setup: (dir) => editJson(dir, PERSON, (s) => (s.collectionName = 'posts')),
    expect: [/post\/schema\.json: \/collectionName: collection name "posts" is already used by api::person\.person/],
  },
  {
    name: 'reserved attribute names',
    setup: (dir) => editJson(dir, POST, (s) => {
      s.attributes.id = { type: 'integer' };
      s.attributes.createdAt = { type: 'datetime' };
    }),
    expect: [/post\/schema\.json: attribute "id": "id" is a reserved attribute name/, /post\/schema\.json: attribute "createdAt": "createdAt" is a reserved attribute name/],
  },
  {
    // a minimum above its maximum, a bad regex or default are warnings (tolerances.test.ts); these Strapi refuses
    name: 'enumerations Strapi refuses: no values, repeated values, values with the same GraphQL name',
    setup: (dir) => editJson(dir, POST, (s) => {
      s.attributes.empty = { type: 'enumeration', enum: [] };
      s.attributes.twice = { type: 'enumeration', enum: ['a', 'a'] };
      s.attributes.clash = { type: 'enumeration', enum: ['in review', 'in_review'] };
      s.attributes.bounds = { type: 'integer', min: 'ten' };
    }),
    expect: [/attribute "empty": enumeration needs "enum"/, /attribute "twice": enum values must be unique/, /attribute "clash": enum values "in review" and "in_review" have the same GraphQL name "in_review"/, /attribute "bounds": min must be a number/],
  },
  {
    name: 'problems in several files are all reported',
    setup: (dir) => {
      editJson(dir, POST, (s) => (s.attributes.title.type = 'text2'));
      editJson(dir, PERSON, (s) => (s.attributes.name.type = 'str'));
    },
    expect: [/post\/schema\.json: attribute "title": unknown type "text2"/, /person\/schema\.json: attribute "name": unknown type "str"/],
  },
  {
    name: 'a component that contains itself',
    setup: (dir) => editJson(dir, 'components/blog/meta.json', (s) => (s.attributes.inner = { type: 'component', component: 'blog.meta' })),
    expect: [/components\/blog\/meta\.json: component "blog\.meta" contains itself/],
  },
  {
    name: 'permissions naming an unknown content-type or action',
    setup: (dir) => {
      mkdirSync(join(dir, 'config'), { recursive: true });
      writeFileSync(join(dir, 'config', 'permissions.json'), JSON.stringify({ public: ['api::post.post.find', 'api::nope.nope.find', 'api::post.post.publish'] }));
    },
    expect: [/config\/permissions\.json: \/public\/1: "api::nope\.nope\.find": unknown content-type/, /config\/permissions\.json: \/public\/2: "api::post\.post\.publish": unknown action "publish"/],
  },
];

for (const c of cases) {
  test(c.name, async () => {
    const dir = copySpec('minimal');
    c.setup(dir);
    const out = join(tempDir(), 'artifacts');
    const run = await runCli(main, ['build', '--src', dir, '--out', out]);
    assert.is(run.code, 1, 'exit code');
    const errorLines = run.err.filter((l) => l.startsWith('error: '));
    for (const re of c.expect) assert.ok(errorLines.some((l) => re.test(l)), `no line matches ${re}\n${errorLines.join('\n')}`);
    assert.is(errorLines.length, c.expect.length, `unexpected lines:\n${errorLines.join('\n')}`);
    assert.ok(run.err.some((l) => l.includes('nothing written')));
    assert.not.ok(existsSync(out), 'nothing is written when the build fails');
    rmSync(dir, { recursive: true, force: true });
  });
}

test('a failed build leaves existing artifacts untouched', async () => {
  const dir = copySpec('minimal');
  const out = join(tempDir(), 'artifacts');
  assert.is((await runCli(main, ['build', '--src', dir, '--out', out])).code, 0);
  const { readFileSync } = await import('node:fs');
  const before = readFileSync(join(out, 'openapi.json'), 'utf8');
  editJson(dir, POST, (s) => (s.attributes.title.type = 'nope'));
  assert.is((await runCli(main, ['build', '--src', dir, '--out', out])).code, 1);
  assert.is(readFileSync(join(out, 'openapi.json'), 'utf8'), before);
});

test.run();
