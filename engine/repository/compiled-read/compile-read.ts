/**
 * engine/repository/compiled-read: FindPlan / FindOnePlan -> ONE PostgreSQL or SQLite statement whose single
 * text column is the whole REST body (`{"data":...,"meta":...}`), byte for byte what
 * engine/response/shape-entry.ts and JSON.stringify make of the entries run-find.ts loads: the page,
 * its count, every populated relation, media, component and dynamic zone at every depth as
 * correlated subqueries ordered by the link order columns, private and unknown keys left out.
 * Throws NotCompiled for a read it does not cover (the caller answers it the other way). Pure text.
 */
import type { Component, ContentType } from '../../../compiler/model/types.js';
import type { FindOnePlan, FindPlan, PagePlan, PopulateSpec, PopulateTree, PublicationState } from '../../plan/types.js';
import { ADMIN_USERS_TABLE, FILE_UID, qualified, quoteId } from '../naming.js';
import { itemSpec } from '../populate/populate-components.js';
import { compileSort } from '../query/compile-sort.js';
import type { WhereScope } from '../query/compile-where.js';
import { rootConditions } from '../query/root-conditions.js';
import { selectFields } from '../query/select-fields.js';
import { AliasCounter, combine, joinSql, sql, type Sql } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { linkSides, typeOf, type StorageKind, type TypeStorage } from '../storage-map.js';
import { columnJson, strapiColumnJson, textLiteral } from './json-value.js';
import { sqliteColumnJson } from './sqlite-json.js';

/** a read this compiler does not cover; `reason` names what (for the fallback's log line) */
export class NotCompiled extends Error {
  constructor(readonly reason: string) {
    super(`read not compiled: ${reason}`);
  }
}

const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);

export interface Link {
  readonly table: string;
  readonly owner: string;
  readonly target: string;
  readonly order?: string;
  readonly where: readonly (readonly [string, unknown])[];
}

export type Owner = ContentType | Component;

/** `a || ',' || b` of JSON members; '' when there are none */
export function members(parts: readonly Sql[]): Sql {
  return parts.length === 0 ? sql("''") : joinSql(parts, " || ',' || ");
}

export const member = (name: string, value: Sql): Sql => joinSql([sql(`${textLiteral(JSON.stringify(name) + ':')} || `), value], '');

export function pageWindow(page: PagePlan): { limit: number; offset: number } {
  return page.style === 'page'
    ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }
    : { limit: page.limit, offset: page.start };
}

export class ReadCompiler {
  readonly scope: WhereScope;

  /** the JSON text of one column: PostgreSQL's expressions (json-value.ts; Strapi's layout: its own) or SQLite's (sqlite-json.ts) */
  readonly column: (e: string, kind: StorageKind | 'id') => string;

  constructor(protected readonly ctx: RunContext) {
    this.scope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
    this.column = ctx.dialect.name === 'sqlite' ? sqliteColumnJson : ctx.strapi ? strapiColumnJson : columnJson;
  }

  protected owner(uid: string): Owner {
    const owner = this.ctx.model.contentTypes[uid] ?? this.ctx.model.components[uid];
    if (!owner) throw new NotCompiled(`unknown type ${uid}`);
    return owner;
  }

  /** the `"name":value` members of a row of `type` at `alias`: selected fields, then populated attributes in tree order */
  attributes(type: TypeStorage, alias: string, fields: readonly string[] | undefined, populate: PopulateTree | undefined, state: PublicationState): Sql[] {
    const owner = this.owner(type.uid);
    const isContentType = 'kind' in owner;
    const parts: Sql[] = [];
    for (const c of selectFields(type, fields, alias, this.ctx.dialect).columns) {
      if (c.field === 'id') continue;
      const attr = Object.hasOwn(owner.attributes, c.field) ? owner.attributes[c.field] : undefined;
      if (attr ? attr.private : !(isContentType && SYSTEM_FIELDS.has(c.field))) continue;
      parts.push(member(c.field, sql(this.column(qualified(alias, c.column), c.kind))));
    }
    for (const [name, spec] of Object.entries(populate ?? {})) {
      const value = this.populated(type, owner, alias, name, spec, state);
      if (value) parts.push(member(name, value));
    }
    return parts;
  }

  /** the JSON of one populated attribute, or undefined when today's shaping leaves the key out */
  private populated(type: TypeStorage, owner: Owner, alias: string, name: string, spec: PopulateSpec, state: PublicationState): Sql | undefined {
    const attr = Object.hasOwn(type.attributes, name) ? type.attributes[name] : undefined;
    if (!attr) {
      const l = type.localizations;
      if (name !== 'localizations' || !l || !('kind' in owner) || !owner.localized) return undefined;
      return this.data(this.linkedList(alias, type, spec, state, { table: l.name, owner: l.self, target: l.other, order: l.order, where: [] }, true));
    }
    if (attr.private) return undefined;
    switch (attr.kind) {
      case 'relation': {
        const s = linkSides(attr);
        const target = typeOf(this.ctx.storage, attr.target);
        return this.data(this.linkedList(alias, target, spec, spec.publicationState ?? state, { table: s.table, owner: s.self, target: s.other, order: s.selfOrder, where: [] }, attr.toMany));
      }
      case 'media': {
        if (!this.ctx.storage.morphTable) return undefined;
        const files = this.linkedList(alias, typeOf(this.ctx.storage, FILE_UID), spec, 'preview', {
          table: this.ctx.storage.morphTable, owner: 'related_id', target: 'file_id', order: 'order',
          where: [['related_type', type.uid], ['field', name]],
        }, attr.multiple);
        // an empty multiple media field is `{ data: null }` (shape-entry.ts)
        return this.data(attr.multiple ? joinSql([sql('CASE WHEN '), files, sql(" = '[]' THEN 'null' ELSE "), files, sql(' END')], '') : files);
      }
      case 'component': {
        if (!type.componentLinks) return undefined;
        const component = typeOf(this.ctx.storage, attr.component);
        const own = attr.repeatable ? spec : { ...spec, where: undefined, sort: undefined };
        return this.linkedList(alias, component, own, state, {
          table: type.componentLinks, owner: 'entity_id', target: 'component_id', order: 'order',
          where: [['field', name], ['component_type', attr.component]],
        }, attr.repeatable, 'component');
      }
      case 'dynamiczone':
        if (!type.componentLinks) return undefined;
        return this.dynamicZone(type, alias, name, attr.components, spec, state);
      default:
        return undefined;
    }
  }

  protected data(value: Sql): Sql {
    return joinSql([sql(`'{"data":' || `), value, sql(" || '}'")], '');
  }

  /** a linked entry `{"id":..,"attributes":{..}}`, a component `{"id":..,..}` or a zone item (`__component` last) */
  item(target: TypeStorage, alias: string, spec: PopulateSpec, state: PublicationState, form: 'entry' | 'component' | 'zone'): Sql {
    const parts = this.attributes(target, alias, spec.fields, spec.populate, state);
    const id = `'{"id":' || CAST(${qualified(alias, 'id')} AS TEXT)`;
    if (form === 'entry') return joinSql([sql(`${id} || ',"attributes":{' || `), members(parts), sql(" || '}}'")], '');
    const rest = form === 'zone' ? [...parts, sql(textLiteral(`"__component":${JSON.stringify(target.uid)}`))] : parts;
    return rest.length === 0 ? sql(`${id} || '}'`) : joinSql([sql(`${id} || ',' || `), members(rest), sql(" || '}'")], '');
  }

  /** the rows `link` ties to the row at `ownerAlias`: a JSON array (toMany) or one item / null, in link order or the populate's sort */
  /** `itemOf` writes one linked row at its alias (by default this compiler's item) */
  protected linkedList(ownerAlias: string, target: TypeStorage, spec: PopulateSpec, state: PublicationState, link: Link, toMany: boolean, form: 'entry' | 'component' = 'entry',
    itemOf = (t: string): Sql => this.item(target, t, spec, state, form)): Sql {
    const l = this.scope.aliases.next('l');
    const t = this.scope.aliases.next();
    const item = itemOf(t);
    const where = combine([
      sql(`${qualified(l, link.owner)} = ${qualified(ownerAlias, 'id')}`),
      ...link.where.map(([column, value]) => sql(`${qualified(l, column)} = ?`, [value])),
      rootConditions(target, t, this.scope, spec.where, state, undefined),
    ], 'AND');
    const order = spec.sort?.length
      ? compileSort(spec.sort, target, t, this.scope)
      : sql(`${link.order ? `${qualified(l, link.order)} ASC NULLS LAST, ` : ''}${qualified(l, 'id')} ASC`);
    const from = `FROM ${quoteId(link.table)} AS ${quoteId(l)} JOIN ${quoteId(target.table)} AS ${quoteId(t)} ON ${qualified(t, 'id')} = ${qualified(l, link.target)}`;
    const window = spec.page ? pageWindow(spec.page) : undefined;
    if (window && (!Number.isSafeInteger(window.limit) || window.limit < 0 || !Number.isSafeInteger(window.offset))) throw new NotCompiled('populate page');
    const limit = window ? ` LIMIT ${toMany ? window.limit : Math.min(window.limit, 1)} OFFSET ${window.offset}` : '';
    if (!toMany) {
      return joinSql([sql('COALESCE((SELECT '), item, sql(` ${from} WHERE `), where, sql(' ORDER BY '), order, sql(`${window ? limit : ' LIMIT 1'}), 'null')`)], '');
    }
    if (window) {
      return joinSql([
        sql(`(SELECT '[' || COALESCE(string_agg("s"."j", ',' ORDER BY "s"."rn"), '') || ']' FROM (SELECT `), item,
        sql(' AS "j", row_number() OVER (ORDER BY '), order, sql(`) AS "rn" ${from} WHERE `), where, sql(' ORDER BY '), order, sql(`${limit}) AS "s")`),
      ], '');
    }
    return joinSql([sql("(SELECT '[' || COALESCE(string_agg("), item, sql(", ',' ORDER BY "), order, sql(`), '') || ']' ${from} WHERE `), where, sql(')')], '');
  }

  /** a dynamic zone's items in link order, each `{"id":..,..,"__component":".."}`; `on` keeps the listed components only */
  /** `itemOf` writes one item of component `uid` at its alias (by default this compiler's zone item) */
  protected dynamicZone(type: TypeStorage, ownerAlias: string, name: string, components: readonly string[], spec: PopulateSpec, state: PublicationState,
    itemOf = (uid: string, component: TypeStorage, alias: string): Sql => this.item(component, alias, itemSpec(spec, uid, component), state, 'zone')): Sql {
    const listed = spec.on ? components.filter((uid) => spec.on?.[uid]) : components;
    if (listed.length === 0) return sql("'[]'");
    const l = this.scope.aliases.next('l');
    const parts = listed.map((uid) => {
      const component = typeOf(this.ctx.storage, uid);
      const alias = this.scope.aliases.next('c');
      return { uid, component, alias, item: itemOf(uid, component, alias) };
    });
    const cases = joinSql(parts.map((p) => joinSql([sql(` WHEN ${qualified(l, 'component_type')} = ? THEN `, [p.uid]), p.item], '')), '');
    const joins = parts.map((p) => `LEFT JOIN ${quoteId(p.component.table)} AS ${quoteId(p.alias)} ON ${qualified(l, 'component_type')} = ${textLiteral(p.uid)} AND ${qualified(p.alias, 'id')} = ${qualified(l, 'component_id')}`).join(' ');
    const present = parts.map((p) => `(${qualified(l, 'component_type')} = ${textLiteral(p.uid)} AND ${qualified(p.alias, 'id')} IS NOT NULL)`).join(' OR ');
    return joinSql([
      sql("(SELECT '[' || COALESCE(string_agg(CASE"), cases,
      sql(` END, ',' ORDER BY ${qualified(l, 'order')} ASC NULLS LAST, ${qualified(l, 'id')} ASC), '') || ']' FROM ${quoteId(type.componentLinks as string)} AS ${quoteId(l)} ${joins} WHERE ${qualified(l, 'entity_id')} = ${qualified(ownerAlias, 'id')} AND ${qualified(l, 'field')} = ? AND (${present}))`, [name]),
    ], '');
  }

  /** a top-level entry `{"id":..,"attributes":{..},"meta":{..}}`; creator fields last, as actions/creators.ts adds them */
  entry(type: TypeStorage, alias: string, plan: FindPlan | FindOnePlan): Sql {
    const parts = this.attributes(type, alias, plan.fields, plan.populate, plan.publicationState);
    if (plan.creators) parts.push(member('createdBy', this.creator(alias, 'created_by_id')), member('updatedBy', this.creator(alias, 'updated_by_id')));
    const meta = plan.availableLocales && type.localizations ? this.availableLocales(type, alias) : sql("'{}'");
    return joinSql([sql(`'{"id":' || CAST(${qualified(alias, 'id')} AS TEXT) || ',"attributes":{' || `), members(parts), sql(` || '},"meta":' || `), meta, sql(" || '}'")], '');
  }

  /** the admin user in column `column` of the row at `alias`: `{"id":..,"firstname":..,"lastname":..}` or null (repository creator-fields.ts) */
  private creator(alias: string, column: string): Sql {
    const a = this.scope.aliases.next('a');
    const item = `'{"id":' || CAST(${qualified(a, 'id')} AS TEXT) || ',"firstname":' || ${this.column(qualified(a, 'firstname'), 'varchar')} || ',"lastname":' || ${this.column(qualified(a, 'lastname'), 'varchar')} || '}'`;
    return sql(`COALESCE((SELECT ${item} FROM ${quoteId(ADMIN_USERS_TABLE)} AS ${quoteId(a)} WHERE ${qualified(a, 'id')} = ${qualified(alias, column)}), 'null')`);
  }

  /** `{"availableLocales":[{"id":..,"locale":..,"publishedAt":..}]}`: the entry's other localizations, drafts included, in link order */
  private availableLocales(type: TypeStorage, alias: string): Sql {
    const loc = type.localizations as NonNullable<TypeStorage['localizations']>;
    const l = this.scope.aliases.next('l');
    const t = this.scope.aliases.next();
    const published = type.draftAndPublish ? ` || ',"publishedAt":' || ${this.column(qualified(t, 'published_at'), 'datetime')}` : '';
    const item = `'{"id":' || CAST(${qualified(t, 'id')} AS TEXT) || ',"locale":' || ${this.column(qualified(t, 'locale'), 'varchar')}${published} || '}'`;
    const order = `${loc.order ? `${qualified(l, loc.order)} ASC NULLS LAST, ` : ''}${qualified(l, 'id')} ASC`;
    return sql(`'{"availableLocales":[' || COALESCE((SELECT string_agg(${item}, ',' ORDER BY ${order}) FROM ${quoteId(loc.name)} AS ${quoteId(l)} JOIN ${quoteId(type.table)} AS ${quoteId(t)} ON ${qualified(t, 'id')} = ${qualified(l, loc.other)} WHERE ${qualified(l, loc.self)} = ${qualified(alias, 'id')}), '') || ']}'`);
  }
}

export const ROOT = 't0';

/**
 * A list's page of rows (numbered `__rn` in order) at alias ROOT, and its count, as compileFind reads
 * them. The count is counted once however often the body names it: `count` is the column of the
 * one-row derived table `countFrom`, which a statement naming `count` puts in its FROM.
 */
export function listRows(c: ReadCompiler, type: TypeStorage, plan: FindPlan): { pageRows: Sql; count: Sql; countFrom: Sql } {
  const where = rootConditions(type, ROOT, c.scope, plan.where, plan.publicationState, plan.locale);
  const order = compileSort(plan.sort, type, ROOT, c.scope);
  const { limit, offset } = pageWindow(plan.page);
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0) throw new NotCompiled('page window');
  if (plan.page.style === 'page' && plan.page.pageSize <= 0) throw new NotCompiled('page size');
  const from = `${quoteId(type.table)} AS ${quoteId(ROOT)}`;
  const pageRows = joinSql([
    sql(`SELECT ${quoteId(ROOT)}.*, row_number() OVER (ORDER BY `), order, sql(`) AS "__rn" FROM ${from} WHERE `), where,
    sql(' ORDER BY '), order, sql(` LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ''}`),
  ], '');
  return {
    pageRows,
    count: sql(`${quoteId(COUNT)}."c"`),
    countFrom: joinSql([sql(` FROM (SELECT COUNT(*) AS "c" FROM ${from} WHERE `), where, sql(`) AS ${quoteId(COUNT)}`)], ''),
  };
}

/** the alias of a list's count (listRows) */
const COUNT = 'n';

/**
 * A list: `SELECT '{"data":[' || .. || '],"meta":{"pagination":{..}}}'` over the page (and its count).
 *   compileFind(ctx, { uid: 'api::tag.tag', page: { style: 'page', page: 1, pageSize: 25, withCount: true }, .. })
 *   -> SELECT '{"data":[' || COALESCE((SELECT string_agg('{"id":' || CAST("t0"."id" AS TEXT) || .., ',' ORDER BY "t0"."__rn")
 *        FROM (SELECT "t0".*, row_number() OVER (ORDER BY "t0"."id" ASC) AS "__rn" FROM "tags" AS "t0" WHERE .. LIMIT 25) AS "t0"), '')
 *        || '],"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":' || .. || '}}}' AS "body"
 */
export function compileFind(ctx: RunContext, plan: FindPlan): Sql {
  const type = typeOf(ctx.storage, plan.uid);
  const c = new ReadCompiler(ctx);
  c.scope.aliases.next(); // t0
  const { pageRows, count, countFrom } = listRows(c, type, plan);
  const entry = c.entry(type, ROOT, plan);
  const data = joinSql([sql(`'{"data":[' || COALESCE((SELECT string_agg(`), entry, sql(`, ',' ORDER BY ${qualified(ROOT, '__rn')}) FROM (`), pageRows, sql(`) AS ${quoteId(ROOT)}), '') || ']'`)], '');
  const p = plan.page;
  let meta: Sql;
  // a single type read in every locale is a list without pagination (Strapi v4)
  if (type.kind === 'singleType') meta = sql(`',"meta":{}}'`);
  else if (p.style === 'page') {
    const head = `',"meta":{"pagination":{"page":${p.page},"pageSize":${p.pageSize}`;
    meta = p.withCount
      ? joinSql([sql(`${head},"pageCount":' || CAST(((`), count, sql(` + ${p.pageSize - 1}) / ${p.pageSize}) AS TEXT) || ',"total":' || CAST(`), count, sql(" AS TEXT) || '}}}'")], '')
      : sql(`${head}}}}'`);
  } else {
    const head = `',"meta":{"pagination":{"start":${p.start},"limit":${p.limit}`;
    meta = p.withCount ? joinSql([sql(`${head},"total":' || CAST(`), count, sql(" AS TEXT) || '}}}'")], '') : sql(`${head}}}}'`);
  }
  const counted = type.kind !== 'singleType' && p.withCount;
  return joinSql([sql('SELECT '), data, sql(' || '), meta, sql(' AS "body"'), ...(counted ? [countFrom] : [])], '');
}

/**
 * The binding that stands for the entry's id in a one-entry statement: the statement is the same for
 * every id, so it is compiled once and run with each id (run-find-text.ts puts the id in its place).
 */
export const ENTRY_ID = Symbol('entry id');

/** the row of a findOne at alias ROOT: by id (any publication state; bound as ENTRY_ID), or a single type's entry */
export function oneRowWhere(c: ReadCompiler, type: TypeStorage, plan: FindOnePlan): Sql {
  return plan.id !== undefined
    ? sql(`${qualified(ROOT, 'id')} = ?`, [ENTRY_ID])
    : rootConditions(type, ROOT, c.scope, undefined, plan.publicationState, plan.locale);
}

/** One entry by id (any publication state) or a single type's entry: `{"data":{..},"meta":{}}`, NULL when there is none. */
export function compileFindOne(ctx: RunContext, plan: FindOnePlan): Sql {
  const type = typeOf(ctx.storage, plan.uid);
  const c = new ReadCompiler(ctx);
  c.scope.aliases.next(); // t0
  const where = oneRowWhere(c, type, plan);
  const entry = c.entry(type, ROOT, plan);
  return joinSql([
    sql(`SELECT (SELECT '{"data":' || `), entry,
    sql(` || ',"meta":{}}' FROM ${quoteId(type.table)} AS ${quoteId(ROOT)} WHERE `), where,
    sql(` ORDER BY ${qualified(ROOT, 'id')} ASC LIMIT 1) AS "body"`),
  ], '');
}
