/**
 * unit (engine/repository/schema): on a database Strapi manages, quire's tables are split from
 * Strapi's, and `quire indexes` proposes only indexes Strapi does not create, each named quire_*.
 * Link tables carry Strapi v4's order columns: none on a to-one side.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { desiredSchema } from '../../../../engine/repository/schema/desired-schema.js';
import { speedIndexSql, splitSchema } from '../../../../engine/repository/schema/strapi-schema.js';
import { model } from '../example-model.js';

test('quire keeps its own state in quire_* tables only', () => {
  const { strapi, own } = splitSchema(desiredSchema(model));
  assert.ok(own.length > 0);
  assert.ok(own.every((t) => t.name.startsWith('quire_')), own.map((t) => t.name).join());
  assert.not.ok(strapi.some((t) => t.name.startsWith('quire_')));
});

test('speed indexes: composite and published_at ones, quire_ names within 63 bytes, never unique', () => {
  const sql = speedIndexSql(model);
  assert.ok(sql.includes('CREATE INDEX IF NOT EXISTS "quire_articles_published_at_index" ON "articles" ("published_at");'), sql.join('\n'));
  assert.ok(sql.includes('CREATE INDEX IF NOT EXISTS "quire_articles_tags_links_owner_order_index" ON "articles_tags_links" ("article_id", "tag_order");'));
  assert.ok(sql.includes('CREATE INDEX IF NOT EXISTS "quire_articles_components_lookup_index" ON "articles_components" ("entity_id", "field", "component_type");'));
  for (const line of sql) {
    const name = /"(quire_[^"]+)"/.exec(line)?.[1] ?? '';
    assert.ok(name && Buffer.byteLength(name) <= 63, line);
    assert.not.match(line, 'UNIQUE');
    // Strapi indexes each column of a link table itself
    assert.not.ok(/_links" \("[a-z_]+"\);$/.test(line), line);
  }
});

test('speed indexes for MySQL/MariaDB: backquoted names, no IF NOT EXISTS (MySQL 8 lacks it), the same indexes', () => {
  const sql = speedIndexSql(model, 'mysql');
  assert.ok(sql.includes('CREATE INDEX `quire_articles_tags_links_owner_order_index` ON `articles_tags_links` (`article_id`, `tag_order`);'), sql.join('\n'));
  assert.is(sql.length, speedIndexSql(model).length);
  for (const line of sql) assert.not.match(line, /"|IF NOT EXISTS/);
});

test("link tables have Strapi v4's order columns: the owner's when it holds many, the target side's when that holds many", () => {
  const join = (uid: string, attr: string) => {
    const a = model.contentTypes[uid].attributes[attr];
    if (a.kind !== 'relation') throw new Error(attr);
    return a.joinTable;
  };
  // manyToOne: only the order of the article among the author's articles
  assert.equal(join('api::article.article', 'author'), { name: 'articles_author_links', ownerColumn: 'article_id', targetColumn: 'author_id', inverseOrderColumn: 'article_order' });
  // manyToMany: both
  assert.equal(join('api::article.article', 'tags'), { name: 'articles_tags_links', ownerColumn: 'article_id', targetColumn: 'tag_id', orderColumn: 'tag_order', inverseOrderColumn: 'article_order' });
  // oneToOne: none
  assert.equal(join('api::author.author', 'profile'), { name: 'authors_profile_links', ownerColumn: 'author_id', targetColumn: 'author_profile_id' });
});

test.run();
