/**
 * engine/repository/answer: a read plan and the AnswerShape of its answer (engine/response) -> ONE
 * statement whose text column `body` is the answer, byte for byte what engine/response/print-answer.ts
 * prints over what run-find.ts loads: the page (numbered in its order), its count, every populated
 * relation, media, component, dynamic zone and localization at every depth as correlated subqueries
 * aggregated in link order (or the populate's sort), the members in the shape's order. A one-entry read
 * also answers `found`. How a value becomes JSON text is the dialect's (`dialect.json`). Pure text.
 */
import type { FindOnePlan, FindPlan, PagePlan, PopulateSpec, PopulateTree, PublicationState } from '../../plan/types.js';
import type { AnswerShape, Member } from '../../response/answer-shape.js';
import type { JsonText } from '../dialect/dialect.js';
import { ADMIN_USERS_TABLE, FILE_UID, qualified, quoteId } from '../naming.js';
import { itemSpec } from '../populate/populate-components.js';
import { compileSort } from '../query/compile-sort.js';
import type { WhereScope } from '../query/compile-where.js';
import { rootConditions } from '../query/root-conditions.js';
import { AliasCounter, combine, joinSql, sql, type Sql } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { linkSides, typeOf, type TypeStorage } from '../storage-map.js';

/** the alias of the root row, and of the list's count */
const ROOT = 't0';
const COUNT = 'n';

/** The binding standing for the entry's id in a one-entry statement: compiled once, run with each id. */
export const ENTRY_ID = Symbol('entry id');

/** where members are written: a row of `type` at `alias`, its populate, the state it was read under */
interface Level {
  readonly type: TypeStorage;
  readonly alias: string;
  readonly populate: PopulateTree | undefined;
  readonly state: PublicationState;
}

/** how the rows of a link are found: the link table, its owner / target / order columns, fixed equalities */
interface Link {
  readonly table: string;
  readonly owner: string;
  readonly target: string;
  readonly order?: string;
  readonly where: readonly (readonly [string, unknown])[];
}

const cat = (parts: readonly Sql[]): Sql => joinSql(parts, '');

function pageWindow(page: PagePlan): { limit: number; offset: number } {
  return page.style === 'page' ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize } : { limit: page.limit, offset: page.start };
}

class AnswerCompiler {
  readonly scope: WhereScope;
  /** the list's count, once the body names it (its derived table then goes in the FROM) */
  counted = false;

  constructor(private readonly ctx: RunContext, private readonly json: JsonText, private readonly plan: FindPlan | FindOnePlan) {
    this.scope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
    this.scope.aliases.next(); // t0
  }

  private text(jsonText: string): Sql {
    return sql(this.json.literal(jsonText));
  }

  /** `'{' || "k":v || ',' || ... || '}'` of `members` at `level` */
  object(members: readonly Member[], level: Level): Sql {
    if (members.length === 0) return this.text('{}');
    const parts = members.map((m, i) => cat([this.text(`${i === 0 ? '{' : ','}${JSON.stringify(m.key)}:`), sql(' || '), this.member(m, level)]));
    return cat([joinSql(parts, ' || '), sql(` || ${this.json.literal('}')}`)]);
  }

  private member(m: Member, level: Level): Sql {
    switch (m.kind) {
      case 'const':
        return this.text(m.json);
      case 'id':
        return sql(m.text ? this.json.quoted(qualified(level.alias, 'id')) : `CAST(${qualified(level.alias, 'id')} AS TEXT)`);
      case 'field':
        return this.field(m, level);
      case 'object':
        return this.object(m.members, level);
      case 'link':
        return this.link(m, level);
      case 'zone':
        return this.zone(m, level);
      case 'rows':
        throw new Error('quire repository: an answer\'s rows stand at its root');
      case 'page':
        return this.page(m.value);
      case 'locales':
        return this.locales(level, m.publishedAt);
      case 'creator':
        return this.creator(level.alias, m.field === 'createdBy' ? 'created_by_id' : 'updated_by_id');
    }
  }

  private field(m: Extract<Member, { kind: 'field' }>, level: Level): Sql {
    const f = level.type.fields.get(m.field);
    if (!f || f.private) throw new Error(`quire repository: ${level.type.uid} has no readable field ${m.field}`);
    const e = qualified(level.alias, f.column);
    const orNull = m.check === undefined ? "'null'" : this.json.mark(m.check);
    if (m.form === 'enum') {
      const names = Object.entries(m.names ?? {});
      return cat([
        sql(`CASE WHEN ${e} IS NULL THEN ${orNull}`),
        ...names.map(([stored, name]) => sql(` WHEN ${e} = ? THEN ?`, [stored, JSON.stringify(name)])),
        sql(` ELSE ${m.check === undefined ? "'null'" : this.json.mark(m.check, this.json.value(e, f.kind))} END`),
      ]);
    }
    const value = this.json.form(e, f.kind, m.form);
    return sql(m.check === undefined ? value : `CASE WHEN ${e} IS NULL THEN ${orNull} ELSE ${value} END`);
  }

  private spec(level: Level, field: string): PopulateSpec {
    const spec = level.populate && Object.hasOwn(level.populate, field) ? level.populate[field] : undefined;
    if (!spec) throw new Error(`quire repository: ${level.type.uid}.${field} is in the answer but not in the plan's populate`);
    return spec;
  }

  /** a relation, media, component or localizations: its rows in link order (or the populate's sort) */
  private link(m: Extract<Member, { kind: 'link' }>, level: Level): Sql {
    const { type } = level;
    const attr = Object.hasOwn(type.attributes, m.field) ? type.attributes[m.field] : undefined;
    if (!m.members) return this.text(m.many ? '[]' : 'null');
    let spec = this.spec(level, m.field);
    let target: TypeStorage;
    let link: Link;
    let state = level.state;
    if (!attr) {
      const l = type.localizations;
      if (m.field !== 'localizations' || !l) throw new Error(`quire repository: ${type.uid} has no attribute ${m.field}`);
      target = type;
      link = { table: l.name, owner: l.self, target: l.other, order: l.order, where: [] };
    } else if (attr.kind === 'relation') {
      const s = linkSides(attr);
      target = typeOf(this.ctx.storage, attr.target);
      link = { table: s.table, owner: s.self, target: s.other, order: s.selfOrder, where: [] };
      state = spec.publicationState ?? state;
    } else if (attr.kind === 'media' && this.ctx.storage.morphTable) {
      target = typeOf(this.ctx.storage, FILE_UID);
      link = { table: this.ctx.storage.morphTable, owner: 'related_id', target: 'file_id', order: 'order', where: [['related_type', type.uid], ['field', m.field]] };
      state = 'preview';
    } else if (attr.kind === 'component' && type.componentLinks) {
      target = typeOf(this.ctx.storage, attr.component);
      link = { table: type.componentLinks, owner: 'entity_id', target: 'component_id', order: 'order', where: [['field', m.field], ['component_type', attr.component]] };
      // filters and sort narrow and order a repeatable component's items; a single one has none
      if (!attr.repeatable) spec = { ...spec, where: undefined, sort: undefined };
    } else throw new Error(`quire repository: ${type.uid}.${m.field} is not a link`);
    const members = m.members;
    const list = this.linkedList(level.alias, target, spec, state, link, m.many, (t) => this.object(members, { type: target, alias: t, populate: spec.populate, state }));
    return m.many && m.emptyAs === 'null' ? cat([sql('CASE WHEN '), list, sql(" = '[]' THEN 'null' ELSE "), list, sql(' END')]) : list;
  }

  /** the rows `link` ties to the row at `ownerAlias`: a JSON array (`many`) or one item / null */
  private linkedList(ownerAlias: string, target: TypeStorage, spec: PopulateSpec, state: PublicationState, link: Link, many: boolean, itemOf: (alias: string) => Sql): Sql {
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
    const limit = window ? ` LIMIT ${many ? window.limit : Math.min(window.limit, 1)} OFFSET ${window.offset}` : '';
    if (!many) return cat([sql('COALESCE((SELECT '), item, sql(` ${from} WHERE `), where, sql(' ORDER BY '), order, sql(`${window ? limit : ' LIMIT 1'}), 'null')`)]);
    if (window) {
      return cat([
        sql(`(SELECT '[' || COALESCE(string_agg("s"."j", ',' ORDER BY "s"."rn"), '') || ']' FROM (SELECT `), item,
        sql(' AS "j", row_number() OVER (ORDER BY '), order, sql(`) AS "rn" ${from} WHERE `), where, sql(' ORDER BY '), order, sql(`${limit}) AS "s")`),
      ]);
    }
    return cat([sql("(SELECT '[' || COALESCE(string_agg("), item, sql(", ',' ORDER BY "), order, sql(`), '') || ']' ${from} WHERE `), where, sql(')')]);
  }

  /** a dynamic zone's items in link order, each with its component's members; components without members are left out */
  private zone(m: Extract<Member, { kind: 'zone' }>, level: Level): Sql {
    const { type } = level;
    const attr = Object.hasOwn(type.attributes, m.field) ? type.attributes[m.field] : undefined;
    if (attr?.kind !== 'dynamiczone' || !type.componentLinks) throw new Error(`quire repository: ${type.uid}.${m.field} is not a dynamic zone`);
    const spec = this.spec(level, m.field);
    const listed = attr.components.filter((uid) => m.items[uid] && (!spec.on || spec.on[uid]));
    if (listed.length === 0) return this.text('[]');
    const l = this.scope.aliases.next('l');
    const parts = listed.map((uid) => {
      const component = typeOf(this.ctx.storage, uid);
      const alias = this.scope.aliases.next('c');
      const item = this.object(m.items[uid], { type: component, alias, populate: itemSpec(spec, uid, component).populate, state: level.state });
      return { uid, component, alias, item };
    });
    const cases = joinSql(parts.map((p) => cat([sql(` WHEN ${qualified(l, 'component_type')} = ? THEN `, [p.uid]), p.item])), '');
    const joins = parts.map((p) => `LEFT JOIN ${quoteId(p.component.table)} AS ${quoteId(p.alias)} ON ${qualified(l, 'component_type')} = ${this.json.literal(p.uid)} AND ${qualified(p.alias, 'id')} = ${qualified(l, 'component_id')}`).join(' ');
    const present = parts.map((p) => `(${qualified(l, 'component_type')} = ${this.json.literal(p.uid)} AND ${qualified(p.alias, 'id')} IS NOT NULL)`).join(' OR ');
    return cat([
      sql("(SELECT '[' || COALESCE(string_agg(CASE"), cases,
      sql(` END, ',' ORDER BY ${qualified(l, 'order')} ASC NULLS LAST, ${qualified(l, 'id')} ASC), '') || ']' FROM ${quoteId(type.componentLinks)} AS ${quoteId(l)} ${joins} WHERE ${qualified(l, 'entity_id')} = ${qualified(level.alias, 'id')} AND ${qualified(l, 'field')} = ? AND (${present}))`, [m.field]),
    ]);
  }

  /** a number of the list's pagination (print-answer.ts pageValue) */
  private page(value: Extract<Member, { kind: 'page' }>['value']): Sql {
    const p = this.plan.kind === 'find' ? this.plan.page : undefined;
    if (!p) throw new Error('quire repository: pagination of a one-entry read');
    const size = p.style === 'page' ? p.pageSize : p.limit;
    const total = p.withCount ? `${quoteId(COUNT)}."c"` : '0';
    if (p.withCount && (value === 'total' || value === 'pageCount')) this.counted = true;
    switch (value) {
      case 'page':
        return this.text(String(p.style === 'page' ? p.page : Math.floor(p.start / p.limit) + 1));
      case 'pageSize':
      case 'limit':
        return this.text(String(size));
      case 'start':
        return this.text(String(p.style === 'offset' ? p.start : (p.page - 1) * p.pageSize));
      case 'total':
        return sql(`CAST(${total} AS TEXT)`);
      case 'pageCount':
        return sql(`CAST(((${total} + ${size - 1}) / ${size}) AS TEXT)`);
    }
  }

  /** the admin user in column `column` of the row at `alias`: `{"id":..,"firstname":..,"lastname":..}` or null */
  private creator(alias: string, column: string): Sql {
    const a = this.scope.aliases.next('a');
    const item = `'{"id":' || CAST(${qualified(a, 'id')} AS TEXT) || ',"firstname":' || ${this.json.value(qualified(a, 'firstname'), 'varchar')} || ',"lastname":' || ${this.json.value(qualified(a, 'lastname'), 'varchar')} || '}'`;
    return sql(`COALESCE((SELECT ${item} FROM ${quoteId(ADMIN_USERS_TABLE)} AS ${quoteId(a)} WHERE ${qualified(a, 'id')} = ${qualified(alias, column)}), 'null')`);
  }

  /** `[{"id":..,"locale":..,"publishedAt":..}]`: the entry's other localizations, drafts included, in link order */
  private locales(level: Level, publishedAt: boolean): Sql {
    const { type, alias } = level;
    const loc = type.localizations;
    if (!loc) return this.text('[]');
    const l = this.scope.aliases.next('l');
    const t = this.scope.aliases.next();
    const published = publishedAt ? ` || ',"publishedAt":' || ${this.json.value(qualified(t, 'published_at'), 'datetime')}` : '';
    const item = `'{"id":' || CAST(${qualified(t, 'id')} AS TEXT) || ',"locale":' || ${this.json.value(qualified(t, 'locale'), 'varchar')}${published} || '}'`;
    const order = `${loc.order ? `${qualified(l, loc.order)} ASC NULLS LAST, ` : ''}${qualified(l, 'id')} ASC`;
    return sql(`'[' || COALESCE((SELECT string_agg(${item}, ',' ORDER BY ${order}) FROM ${quoteId(loc.name)} AS ${quoteId(l)} JOIN ${quoteId(type.table)} AS ${quoteId(t)} ON ${qualified(t, 'id')} = ${qualified(l, loc.other)} WHERE ${qualified(l, loc.self)} = ${qualified(alias, 'id')}), '') || ']'`);
  }

  /** the root object: its rows member writes the page (a list) or the one row at ROOT */
  root(members: readonly Member[], rows: (members: readonly Member[]) => Sql): Sql {
    if (members.length === 0) return this.text('{}');
    const parts = members.map((m, i) => {
      const value = m.kind === 'rows' ? rows(m.members) : m.kind === 'object' ? this.root(m.members, rows) : this.member(m, this.rootLevel());
      return cat([this.text(`${i === 0 ? '{' : ','}${JSON.stringify(m.key)}:`), sql(' || '), value]);
    });
    return cat([joinSql(parts, ' || '), sql(` || ${this.json.literal('}')}`)]);
  }

  rootLevel(): Level {
    return { type: typeOf(this.ctx.storage, this.plan.uid), alias: ROOT, populate: this.plan.populate, state: this.plan.publicationState };
  }
}

/**
 *   answerStatement(ctx, { kind: 'find', uid: 'api::tag.tag', page: { style: 'page', page: 1, pageSize: 25, withCount: true }, .. }, restListShape(..))
 *   -> SELECT '{"data":' || ('[' || COALESCE((SELECT string_agg('{"id":' || CAST("t0"."id" AS TEXT) || .., ',' ORDER BY "t0"."__rn")
 *        FROM (SELECT "t0".*, row_number() OVER (ORDER BY "t0"."id" ASC) AS "__rn" FROM "tags" AS "t0" WHERE .. LIMIT 25) AS "t0"), '') || ']')
 *        || ',"meta":{"pagination":{"page":' || '1' || .. || '}}' AS "body" FROM (SELECT COUNT(*) AS "c" FROM "tags" AS "t0" WHERE ..) AS "n"
 * A one-entry read (by id: bound as ENTRY_ID) also selects `found`.
 */
export function answerStatement(ctx: RunContext, plan: FindPlan | FindOnePlan, shape: AnswerShape): Sql {
  const json = ctx.dialect.json;
  if (!json) throw new Error('quire repository: this database writes no answers in SQL');
  const c = new AnswerCompiler(ctx, json, plan);
  const level = c.rootLevel();
  const { type } = level;
  const table = `${quoteId(type.table)} AS ${quoteId(ROOT)}`;
  if (plan.kind === 'find') {
    const where = rootConditions(type, ROOT, c.scope, plan.where, plan.publicationState, plan.locale);
    const order = compileSort(plan.sort, type, ROOT, c.scope);
    const { limit, offset } = pageWindow(plan.page);
    const pageRows = cat([
      sql(`SELECT ${quoteId(ROOT)}.*, row_number() OVER (ORDER BY `), order, sql(`) AS "__rn" FROM ${table} WHERE `), where,
      sql(' ORDER BY '), order, sql(` LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ''}`),
    ]);
    const body = c.root(shape.members, (members) => cat([
      sql(`('[' || COALESCE((SELECT string_agg(`), c.object(members, level), sql(`, ',' ORDER BY ${qualified(ROOT, '__rn')}) FROM (`), pageRows, sql(`) AS ${quoteId(ROOT)}), '') || ']')`),
    ]));
    const countFrom = cat([sql(` FROM (SELECT COUNT(*) AS "c" FROM ${table} WHERE `), where, sql(`) AS ${quoteId(COUNT)}`)]);
    return cat([sql('SELECT '), body, sql(' AS "body"'), ...(c.counted ? [countFrom] : [])]);
  }
  const where = plan.id !== undefined ? sql(`${qualified(ROOT, 'id')} = ?`, [ENTRY_ID]) : rootConditions(type, ROOT, c.scope, undefined, plan.publicationState, plan.locale);
  const body = c.root(shape.members, (members) => cat([sql(`CASE WHEN ${qualified(ROOT, 'id')} IS NULL THEN 'null' ELSE `), c.object(members, level), sql(' END')]));
  return cat([
    sql('SELECT '), body, sql(` AS "body", ${qualified(ROOT, 'id')} IS NOT NULL AS "found" FROM (SELECT 1 AS "one") AS "o" LEFT JOIN (SELECT * FROM ${table} WHERE `), where,
    sql(` ORDER BY ${qualified(ROOT, 'id')} ASC LIMIT 1) AS ${quoteId(ROOT)} ON TRUE`),
  ]);
}
