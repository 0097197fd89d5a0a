/**
 * repository integration: syncSchema on a fresh database creates every table of the example model
 * (content, components, join, component-link, morph, internal); a re-sync is a no-op; additive
 * changes apply and keep rows; destructive ones are refused with the list, applied when allowed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSpec } from '../../../compiler/compile.js';
import type { NormalizedModel } from '../../../compiler/model/types.js';
import { SchemaSyncRefused, syncSchema } from '../../../engine/repository/index.js';
import { join } from 'node:path';
import { copySpec, editJson, EXAMPLE_SPEC, tempDir, writeJsonFile } from '../../helpers/spec-dir.js';
import { generateSpec } from '../../bench/generate-spec.js';
import { create, data, DIALECT, findPlan, openFixture, rejection, TAG } from './fixture.js';

const TAG_SCHEMA = 'api/tag/content-types/tag/schema.json';

async function modelWith(edit: (dir: string) => void): Promise<NormalizedModel> {
  const dir = copySpec(EXAMPLE_SPEC);
  edit(dir);
  return (await compileSpec(dir)).model;
}

async function columns(knex: any, table: string): Promise<string[]> {
  return Object.keys(await knex(table).columnInfo()).sort();
}

test(`[${DIALECT}] a fresh database gets every table and column`, async () => {
  const f = await openFixture('sync-fresh', { sync: false });
  try {
    const report = await syncSchema(f.repo, f.model, { allowDestructive: false });
    const created = report.changes.filter((c) => c.kind === 'create-table').map((c) => c.table);
    for (const t of [
      'articles', 'authors', 'categories', 'tags', 'editions', 'homepages', 'site_settings', 'author_profiles',
      'up_users', 'up_roles', 'up_permissions', 'files', 'i18n_locale',
      'components_shared_seos', 'components_shared_links', 'components_content_quotes',
      'articles_author_links', 'articles_tags_links', 'categories_parent_links', 'up_users_role_links',
      'articles_components', 'authors_components', 'components_shared_seos_components', 'homepages_components',
      'files_related_morphs', 'quire_api_tokens', 'quire_schema_state',
    ]) {
      assert.ok(created.includes(t), `created ${t}`);
      assert.ok(await f.knex.schema.hasTable(t), `${t} exists`);
    }
    assert.not.ok(report.changes.some((c) => c.destructive));
    const articles = await columns(f.knex, 'articles');
    for (const c of ['id', 'title', 'body', 'word_count', 'rating', 'popularity', 'publish_date', 'publish_time', 'last_reviewed_at', 'imported_at', 'metadata', 'featured', 'created_at', 'updated_at', 'published_at', 'created_by_id', 'updated_by_id', 'internal_notes', 'preview_password']) {
      assert.ok(articles.includes(c), `articles.${c}`);
    }
    assert.not.ok(articles.includes('locale'), 'not localized: no locale column');
    assert.not.ok((await columns(f.knex, 'tags')).includes('published_at'), 'no draft-and-publish: no published_at');
    assert.equal(await columns(f.knex, 'articles_tags_links'), ['article_id', 'article_order', 'id', 'tag_id', 'tag_order']);
    assert.equal(await columns(f.knex, 'articles_reviewer_links'), ['article_id', 'id', 'user_id'], 'a one-to-one: no order column, as Strapi v4');
    assert.equal(await columns(f.knex, 'articles_components'), ['component_id', 'component_type', 'entity_id', 'field', 'id', 'order']);
    assert.equal(await columns(f.knex, 'files_related_morphs'), ['field', 'file_id', 'id', 'order', 'related_id', 'related_type']);
    assert.equal(await columns(f.knex, 'components_shared_links'), ['id', 'label', 'new_tab', 'url']);

    const again = await syncSchema(f.repo, f.model, { allowDestructive: false });
    assert.equal(again.changes, [], 're-sync is a no-op');
  } finally {
    await f.close();
  }
});

/** index name -> its columns in order, as the database reports them */
async function indexColumns(knex: any, table: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (DIALECT === 'sqlite') {
    for (const { name } of await knex.raw(`PRAGMA index_list("${table}")`)) {
      out[name] = (await knex.raw(`PRAGMA index_info("${name}")`)).map((c: { name: string }) => c.name);
    }
  } else if (DIALECT === 'mysql') {
    const [rows] = await knex.raw('SELECT index_name AS n, column_name AS c FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? ORDER BY index_name, seq_in_index', [table]);
    for (const r of rows as { n: string; c: string }[]) (out[r.n] ??= []).push(r.c);
  } else {
    const { rows } = await knex.raw('SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ?', [table]);
    for (const r of rows) out[r.indexname] = /\((.*)\)/.exec(r.indexdef)![1].split(', ').map((c: string) => c.replace(/"/g, ''));
  }
  return out;
}

test(`[${DIALECT}] link tables are indexed for their lookups: component populate, relation order`, async () => {
  // without this index SQLite answers entity_id IN (...) AND field = ? through field_index, reading
  // every entry's components: a page of 25 then costs in proportion to the table
  const f = await openFixture('sync-lookup-index');
  try {
    for (const table of ['articles_components', 'homepages_components', 'components_shared_seos_components']) {
      const indexes = Object.values(await indexColumns(f.knex, table));
      assert.ok(indexes.some((cols) => cols.join() === 'entity_id,field,component_type'), `${table}: ${JSON.stringify(indexes)}`);
    }
    // relation links: MAX(order) + 1 on each side of a new link, and ordered reads, by index
    const links = Object.values(await indexColumns(f.knex, 'articles_tags_links')).map((c) => c.join());
    assert.ok(links.includes('article_id,tag_order') && links.includes('tag_id,article_order'), JSON.stringify(links));
  } finally {
    await f.close();
  }
});

test(`[${DIALECT}] draft-and-publish tables are indexed on published_at, and a list's count reads the index`, async () => {
  // without it the count of a live list (WHERE published_at IS NOT NULL) reads every row of the table
  const f = await openFixture('sync-published-index');
  try {
    const articles = Object.values(await indexColumns(f.knex, 'articles')).map((c) => c.join());
    assert.ok(articles.includes('published_at'), JSON.stringify(articles));
    const tags = Object.values(await indexColumns(f.knex, 'tags')).map((c) => c.join());
    assert.not.ok(tags.includes('published_at'), 'tags have no draft and publish');
    if (DIALECT === 'sqlite') {
      const plan = await f.knex.raw('EXPLAIN QUERY PLAN SELECT COUNT(*) FROM "articles" AS "t0" WHERE "t0"."published_at" IS NOT NULL');
      assert.match(plan.map((r: { detail: string }) => r.detail).join('; '), /COVERING INDEX/);
    }
  } finally {
    await f.close();
  }
});

test(`[${DIALECT}] additive changes apply by themselves and keep the rows`, async () => {
  const f = await openFixture('sync-additive');
  try {
    const id = await create(f.repo, TAG, { name: 'kept' });
    const next = await modelWith((dir) => {
      editJson(dir, TAG_SCHEMA, (s) => {
        s.attributes.color = { type: 'string' };
        s.attributes.code = { type: 'string', unique: true };
        s.attributes.name = { type: 'text', unique: true };
      });
      editJson(dir, 'api/category/content-types/category/schema.json', (s) => {
        s.attributes.name = { type: 'string' }; // unique removed: fine to apply
      });
    });
    const report = await syncSchema(f.repo, next, { allowDestructive: false });
    const summary = report.changes.map((c) => `${c.kind} ${c.table}${c.column ? '.' + c.column : ''}`).sort();
    assert.equal(summary, [
      'add-column tags.code', 'add-column tags.color', 'add-index tags.code', 'alter-column tags.name', 'drop-index categories.name',
    ]);
    assert.not.ok(report.changes.some((c) => c.destructive));
    // the repository over the new model sees the old row and the new columns
    const g = await openFixture('unused', { model: next, databaseUrl: f.databaseUrl, sync: false });
    try {
      const row = await g.repo.findOne({ kind: 'findOne', uid: TAG, id, populate: {}, publicationState: 'preview' });
      assert.equal(row, { id, name: 'kept', color: null, code: null, createdAt: row!.createdAt, updatedAt: row!.updatedAt });
      await g.repo.update({ kind: 'update', uid: TAG, id, data: data({ code: 'k', name: 'x'.repeat(300) }) });
      const err = await rejection(create(g.repo, TAG, { name: 'other', code: 'k' }));
      assert.is(err.name, 'ValidationError');
      assert.equal(err.details.errors, [{ path: ['code'], message: 'This attribute must be unique', name: 'ValidationError' }]);
      // categories.name is no longer unique
      await create(g.repo, 'api::category.category', { name: 'same' });
      await create(g.repo, 'api::category.category', { name: 'same' });
    } finally {
      await g.close();
    }
    assert.equal((await syncSchema(f.repo, next, { allowDestructive: false })).changes, []);
  } finally {
    await f.close();
  }
});

test(`[${DIALECT}] destructive changes are refused with the list, and applied when allowed`, async () => {
  const f = await openFixture('sync-destructive');
  try {
    await create(f.repo, TAG, { name: 'a' });
    const next = await modelWith((dir) => {
      editJson(dir, TAG_SCHEMA, (s) => {
        delete s.attributes.articles; // inverse side only: no table change
        s.attributes.name = { type: 'integer' };
      });
      editJson(dir, 'api/author/content-types/author/schema.json', (s) => {
        delete s.attributes.bio;
      });
      editJson(dir, 'api/article/content-types/article/schema.json', (s) => {
        delete s.attributes.tags;
      });
    });
    let refused: unknown;
    try {
      await syncSchema(f.repo, next, { allowDestructive: false });
    } catch (err) {
      refused = err;
    }
    assert.instance(refused, SchemaSyncRefused);
    const lines = (refused as Error).message.split('\n').slice(1).sort();
    assert.equal(lines.length, 3, (refused as Error).message);
    assert.match(lines[0], /^alter-column tags\.name: type changes from varchar to integer/);
    assert.match(lines[1], /^drop-column authors\.bio: /);
    assert.match(lines[2], /^drop-table articles_tags_links: api::article\.article\.tags is no longer in the model/);
    // nothing applied
    assert.ok(await f.knex.schema.hasTable('articles_tags_links'));
    assert.ok((await columns(f.knex, 'authors')).includes('bio'));
    assert.equal((await f.repo.find(findPlan(TAG))).entries.map((e) => e.name), ['a']);

    const report = await syncSchema(f.repo, next, { allowDestructive: true });
    assert.equal(report.changes.filter((c) => c.destructive).length, 3);
    assert.not.ok(await f.knex.schema.hasTable('articles_tags_links'));
    assert.not.ok((await columns(f.knex, 'authors')).includes('bio'));
    assert.equal((await syncSchema(f.repo, next, { allowDestructive: false })).changes, []);
  } finally {
    await f.close();
  }
});

test(`[${DIALECT}] a localized type gets locale, a localizations table and per-locale unique`, async () => {
  const next = await modelWith((dir) => {
    editJson(dir, TAG_SCHEMA, (s) => {
      s.pluginOptions = { i18n: { localized: true } };
    });
    writeJsonFile(join(dir, 'config', 'i18n.json'), { defaultLocale: 'en', locales: ['en', 'fr'] });
  });
  const f = await openFixture('sync-localized', { model: next });
  try {
    assert.ok((await columns(f.knex, 'tags')).includes('locale'));
    assert.ok(await f.knex.schema.hasTable('tags_localizations_links'));
    const en = await f.repo.create({ kind: 'create', uid: TAG, data: data({ name: 'same' }) });
    const fr = await f.repo.create({ kind: 'create', uid: TAG, data: data({ name: 'same' }), locale: 'fr' });
    assert.ok(en !== fr);
    const r = await f.repo.find(findPlan(TAG, { locale: 'fr' }));
    assert.equal(r.entries.map((e) => [e.id, e.locale]), [[fr, 'fr']]);
  } finally {
    await f.close();
  }
});

test(`[${DIALECT}] several processes starting at once sync one at a time`, async () => {
  const a = await openFixture('sync-concurrent', { sync: false });
  const b = await openFixture('unused', { databaseUrl: a.databaseUrl, sync: false });
  const c = await openFixture('unused', { databaseUrl: a.databaseUrl, sync: false });
  try {
    const reports = await Promise.all([a, b, c].map((x) => syncSchema(x.repo, x.model, { allowDestructive: false })));
    const creating = reports.filter((r) => r.changes.length > 0);
    assert.is(creating.length, 1, 'one sync created the tables, the others found nothing to do');
    assert.ok(await b.knex.schema.hasTable('articles'));
  } finally {
    await c.close();
    await b.close();
    await a.close();
  }
});

test(`[${DIALECT}] a snapshot over 64 KB (120 content-types) is kept whole; one an earlier version cut short is written anew; MySQL's old text column is widened`, async () => {
  const dir = tempDir('quire-big-spec-');
  generateSpec(dir, 120, 20);
  const big = (await compileSpec(dir)).model;
  const f = await openFixture('sync-big', { model: big, sync: false });
  try {
    await syncSchema(f.repo, big, { allowDestructive: false });
    const stored = async () => (await f.knex('quire_schema_state').where('id', 1).first()).snapshot as string;
    assert.ok((await stored()).length > 65_535, `snapshot of ${(await stored()).length} characters`);
    assert.equal((await syncSchema(f.repo, big, { allowDestructive: false })).changes, [], 're-sync reads it back: a no-op');
    // as MySQL's 64 KB text column left it under an earlier version
    if (DIALECT === 'mysql') await f.knex.raw('ALTER TABLE "quire_schema_state" MODIFY "snapshot" text NOT NULL');
    await f.knex('quire_schema_state').where('id', 1).update({ snapshot: (await stored()).slice(0, 60_000) });
    const recovered = await syncSchema(f.repo, big, { allowDestructive: false });
    assert.not.ok(recovered.changes.some((c) => c.destructive || c.kind === 'create-table'), JSON.stringify(recovered.changes.slice(0, 3)));
    JSON.parse(await stored());
    assert.equal((await syncSchema(f.repo, big, { allowDestructive: false })).changes, [], 'and read back after');
    if (DIALECT === 'mysql') assert.is((await f.knex('quire_schema_state').columnInfo('snapshot')).type, 'longtext');
  } finally {
    await f.close();
  }
});

test.run();
