/**
 * engine/repository/answer: a read plan and the AnswerShape of its answer (engine/response) -> ONE
 * SELECT (as SQL nodes, sql/sql-node.ts) whose text column `body` is the answer, byte for byte what
 * engine/response/print-answer.ts prints over what run-find.ts loads: the page (numbered in its order),
 * its count, every populated relation, media, component, dynamic zone and localization at every depth
 * as correlated subqueries joined in link order (or the populate's sort), the members in the shape's
 * order. A one-entry read also answers `found`. How a value becomes JSON text is the dialect printer's
 * (`json` nodes). Pure.
 */
import type { FindOnePlan, FindPlan, PagePlan, PopulateSpec, PopulateTree, PublicationState } from '../../plan/types.js';
import type { AnswerShape, Member } from '../../response/answer-shape.js';
import { ADMIN_USERS_TABLE, FILE_UID } from '../naming.js';
import { itemSpec } from '../populate/populate-components.js';
import { compileSort } from '../query/compile-sort.js';
import type { WhereScope } from '../query/compile-where.js';
import { rootConditions } from '../query/root-conditions.js';
import { AliasCounter } from '../query/alias-counter.js';
import type { RunContext } from '../run-context.js';
import { and, asc, binary, call, col, concat, derived, eq, isNull, json, jsonText, keyword, lit, param, select, subquery, table, textOf } from '../sql/build.js';
import type { Expr, Order, Select } from '../sql/sql-node.js';
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

const NULL = jsonText('null');
const EMPTY_LIST = jsonText('[]');

function pageWindow(page: PagePlan): { limit: number; offset: number } {
  return page.style === 'page' ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize } : { limit: page.limit, offset: page.start };
}

/** `'[' || COALESCE(<joined items>, '') || ']'` */
const list = (joined: Expr): Expr => concat([jsonText('['), call('COALESCE', joined, lit('')), jsonText(']')]);

class AnswerCompiler {
  readonly scope: WhereScope;
  /** the list's count, once the body names it (its derived table then goes in the FROM) */
  counted = false;

  constructor(private readonly ctx: RunContext, private readonly plan: FindPlan | FindOnePlan) {
    this.scope = { storage: ctx.storage, dialect: ctx.dialect, aliases: new AliasCounter() };
    this.scope.aliases.next(); // t0
  }

  /** `'{"k":' || v || ',"k2":' || v2 || '}'` of `members` at `level` */
  object(members: readonly Member[], level: Level, value = (m: Member) => this.member(m, level)): Expr {
    if (members.length === 0) return jsonText('{}');
    const parts: Expr[] = [];
    members.forEach((m, i) => parts.push(jsonText(`${i === 0 ? '{' : ','}${JSON.stringify(m.key)}:`), value(m)));
    parts.push(jsonText('}'));
    return concat(parts);
  }

  private member(m: Member, level: Level): Expr {
    switch (m.kind) {
      case 'const':
        return jsonText(m.json);
      case 'id':
        return m.text ? concat([jsonText('"'), textOf(col(level.alias, 'id')), jsonText('"')]) : textOf(col(level.alias, 'id'));
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

  private field(m: Extract<Member, { kind: 'field' }>, level: Level): Expr {
    const f = level.type.fields.get(m.field);
    if (!f || f.private) throw new Error(`quire repository: ${level.type.uid} has no readable field ${m.field}`);
    const e = col(level.alias, f.column);
    const orNull: Expr = m.check === undefined ? NULL : { kind: 'checkMark', check: m.check };
    if (m.form === 'enum') {
      const refused: Expr = m.check === undefined ? NULL : { kind: 'checkMark', check: m.check, value: json(e, f.kind) };
      const whens = Object.entries(m.names ?? {}).map(([stored, name]) => [eq(e, param(stored)), param(JSON.stringify(name))] as const);
      return { kind: 'case', whens: [[isNull(e), orNull], ...whens], otherwise: refused };
    }
    const value = json(e, f.kind, m.form);
    return m.check === undefined ? value : { kind: 'case', whens: [[isNull(e), orNull]], otherwise: value };
  }

  private spec(level: Level, field: string): PopulateSpec {
    const spec = level.populate && Object.hasOwn(level.populate, field) ? level.populate[field] : undefined;
    if (!spec) throw new Error(`quire repository: ${level.type.uid}.${field} is in the answer but not in the plan's populate`);
    return spec;
  }

  /** a relation, media, component or localizations: its rows in link order (or the populate's sort) */
  private link(m: Extract<Member, { kind: 'link' }>, level: Level): Expr {
    const { type } = level;
    const attr = Object.hasOwn(type.attributes, m.field) ? type.attributes[m.field] : undefined;
    if (!m.members) return m.many ? EMPTY_LIST : NULL;
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
    const found = this.linkedList(level.alias, target, spec, state, link, m.many, (t) => this.object(members, { type: target, alias: t, populate: spec.populate, state }));
    return m.many && m.emptyAs === 'null' ? { kind: 'case', whens: [[eq(found, EMPTY_LIST), NULL]], otherwise: found } : found;
  }

  /** the rows `link` ties to the row at `ownerAlias`: a JSON array (`many`) or one item / null */
  private linkedList(ownerAlias: string, target: TypeStorage, spec: PopulateSpec, state: PublicationState, link: Link, many: boolean, itemOf: (alias: string) => Expr): Expr {
    const l = this.scope.aliases.next('l');
    const t = this.scope.aliases.next();
    const item = itemOf(t);
    const where = and([
      eq(col(l, link.owner), col(ownerAlias, 'id')),
      ...link.where.map(([column, value]) => eq(col(l, column), param(value))),
      rootConditions(target, t, this.scope, spec.where, state, undefined),
    ]);
    const order: Order[] = spec.sort?.length
      ? compileSort(spec.sort, target, t, this.scope)
      : [...(link.order ? [asc(col(l, link.order), 'last')] : []), asc(col(l, 'id'))];
    const from = table(link.table, l);
    const joins = [{ source: table(target.table, t), on: eq(col(t, 'id'), col(l, link.target)) }];
    const window = spec.page ? pageWindow(spec.page) : undefined;
    if (!many) {
      const one = select({ columns: [item], from, joins, where, orderBy: order, limit: window ? Math.min(window.limit, 1) : 1, ...(window && { offset: window.offset }) });
      return call('COALESCE', subquery(one), NULL);
    }
    if (window) {
      const numbered = select({ columns: [{ item, as: 'j' }, { item: { kind: 'rowNumber', order }, as: 'rn' }], from, joins, where, orderBy: order, limit: window.limit, offset: window.offset });
      return subquery(select({ columns: [list({ kind: 'joinedText', item: col('s', 'j'), separator: ',', order: [asc(col('s', 'rn'))] })], from: derived(numbered, 's') }));
    }
    return subquery(select({ columns: [list({ kind: 'joinedText', item, separator: ',', order })], from, joins, where }));
  }

  /** a dynamic zone's items in link order, each with its component's members; components without members are left out */
  private zone(m: Extract<Member, { kind: 'zone' }>, level: Level): Expr {
    const { type } = level;
    const attr = Object.hasOwn(type.attributes, m.field) ? type.attributes[m.field] : undefined;
    if (attr?.kind !== 'dynamiczone' || !type.componentLinks) throw new Error(`quire repository: ${type.uid}.${m.field} is not a dynamic zone`);
    const spec = this.spec(level, m.field);
    const listed = attr.components.filter((uid) => m.items[uid] && (!spec.on || spec.on[uid]));
    if (listed.length === 0) return EMPTY_LIST;
    const l = this.scope.aliases.next('l');
    const parts = listed.map((uid) => {
      const component = typeOf(this.ctx.storage, uid);
      const alias = this.scope.aliases.next('c');
      const item = this.object(m.items[uid], { type: component, alias, populate: itemSpec(spec, uid, component).populate, state: level.state });
      return { uid, component, alias, item };
    });
    const isType = (uid: string) => eq(col(l, 'component_type'), lit(uid));
    const item: Expr = { kind: 'case', whens: parts.map((p) => [eq(col(l, 'component_type'), param(p.uid)), p.item] as const) };
    return subquery(select({
      columns: [list({ kind: 'joinedText', item, separator: ',', order: [asc(col(l, 'order'), 'last'), asc(col(l, 'id'))] })],
      from: table(type.componentLinks, l),
      joins: parts.map((p) => ({ left: true as const, source: table(p.component.table, p.alias), on: and([isType(p.uid), eq(col(p.alias, 'id'), col(l, 'component_id'))]) })),
      where: and([
        eq(col(l, 'entity_id'), col(level.alias, 'id')),
        eq(col(l, 'field'), param(m.field)),
        { kind: 'or', items: parts.map((p) => and([isType(p.uid), isNull(col(p.alias, 'id'), true)])) },
      ]),
    }));
  }

  /** a number of the list's pagination (print-answer.ts pageValue) */
  private page(value: Extract<Member, { kind: 'page' }>['value']): Expr {
    const p = this.plan.kind === 'find' ? this.plan.page : undefined;
    if (!p) throw new Error('quire repository: pagination of a one-entry read');
    const size = p.style === 'page' ? p.pageSize : p.limit;
    const total: Expr = p.withCount ? col(COUNT, 'c') : lit(0);
    if (p.withCount && (value === 'total' || value === 'pageCount')) this.counted = true;
    switch (value) {
      case 'page':
        return jsonText(String(p.style === 'page' ? p.page : Math.floor(p.start / p.limit) + 1));
      case 'pageSize':
      case 'limit':
        return jsonText(String(size));
      case 'start':
        return jsonText(String(p.style === 'offset' ? p.start : (p.page - 1) * p.pageSize));
      case 'total':
        return textOf(total);
      case 'pageCount':
        return textOf(binary('/', binary('+', total, lit(size - 1)), lit(size)));
    }
  }

  /** the admin user in column `column` of the row at `alias`: `{"id":..,"firstname":..,"lastname":..}` or null */
  private creator(alias: string, column: string): Expr {
    const a = this.scope.aliases.next('a');
    const item = concat([
      jsonText('{"id":'), textOf(col(a, 'id')), jsonText(',"firstname":'), json(col(a, 'firstname'), 'varchar'),
      jsonText(',"lastname":'), json(col(a, 'lastname'), 'varchar'), jsonText('}'),
    ]);
    return call('COALESCE', subquery(select({ columns: [item], from: table(ADMIN_USERS_TABLE, a), where: eq(col(a, 'id'), col(alias, column)) })), NULL);
  }

  /** `[{"id":..,"locale":..,"publishedAt":..}]`: the entry's other localizations, drafts included, in link order */
  private locales(level: Level, publishedAt: boolean): Expr {
    const { type, alias } = level;
    const loc = type.localizations;
    if (!loc) return EMPTY_LIST;
    const l = this.scope.aliases.next('l');
    const t = this.scope.aliases.next();
    const item = concat([
      jsonText('{"id":'), textOf(col(t, 'id')), jsonText(',"locale":'), json(col(t, 'locale'), 'varchar'),
      ...(publishedAt ? [jsonText(',"publishedAt":'), json(col(t, 'published_at'), 'datetime')] : []), jsonText('}'),
    ]);
    const order = [...(loc.order ? [asc(col(l, loc.order), 'last')] : []), asc(col(l, 'id'))];
    const joined = select({
      columns: [{ kind: 'joinedText', item, separator: ',', order }],
      from: table(loc.name, l), joins: [{ source: table(type.table, t), on: eq(col(t, 'id'), col(l, loc.other)) }], where: eq(col(l, loc.self), col(alias, 'id')),
    });
    return list(subquery(joined));
  }

  /** the root object: its rows member writes the page (a list) or the one row at ROOT */
  root(members: readonly Member[], rows: (members: readonly Member[]) => Expr, level: Level): Expr {
    return this.object(members, level, (m) => (m.kind === 'rows' ? rows(m.members) : m.kind === 'object' ? this.root(m.members, rows, level) : this.member(m, level)));
  }
}

/**
 *   answerStatement(ctx, { kind: 'find', uid: 'api::tag.tag', page: { style: 'page', page: 1, pageSize: 25, withCount: true }, .. }, restListShape(..))
 *   -> SELECT '{"data":' || ('[' || COALESCE((SELECT string_agg('{"id":' || CAST("t0"."id" AS TEXT) || .., ',' ORDER BY "t0"."__rn" ASC)
 *        FROM (SELECT "t0".*, row_number() OVER (ORDER BY "t0"."id" ASC) AS "__rn" FROM "tags" AS "t0" WHERE .. LIMIT 25) AS "t0"), '') || ']')
 *        || ',"meta":{"pagination":{"page":' || '1' || .. || '}}' AS "body" FROM (SELECT COUNT(*) AS "c" FROM "tags" AS "t0" WHERE ..) AS "n"
 * A one-entry read (by id: bound as ENTRY_ID) also selects `found`.
 */
export function answerStatement(ctx: RunContext, plan: FindPlan | FindOnePlan, shape: AnswerShape): Select {
  const c = new AnswerCompiler(ctx, plan);
  const type = typeOf(ctx.storage, plan.uid);
  const level: Level = { type, alias: ROOT, populate: plan.populate, state: plan.publicationState };
  const from = table(type.table, ROOT);
  if (plan.kind === 'find') {
    const where = rootConditions(type, ROOT, c.scope, plan.where, plan.publicationState, plan.locale);
    const order = compileSort(plan.sort, type, ROOT, c.scope);
    const { limit, offset } = pageWindow(plan.page);
    const pageRows = select({
      columns: [keyword(`"${ROOT}".*`), { item: { kind: 'rowNumber', order }, as: '__rn' }], from, where, orderBy: order, limit, offset,
    });
    const body = c.root(shape.members, (members) => list({
      kind: 'subquery',
      select: select({ columns: [{ kind: 'joinedText', item: c.object(members, level), separator: ',', order: [asc(col(ROOT, '__rn'))] }], from: derived(pageRows, ROOT) }),
    }), level);
    const count = select({ columns: [{ item: keyword('COUNT(*)'), as: 'c' }], from, where });
    return select({ columns: [{ item: body, as: 'body' }], ...(c.counted && { from: derived(count, COUNT) }) });
  }
  const where = plan.id !== undefined ? eq(col(ROOT, 'id'), param(ENTRY_ID)) : rootConditions(type, ROOT, c.scope, undefined, plan.publicationState, plan.locale);
  const body = c.root(shape.members, (members) => ({ kind: 'case', whens: [[isNull(col(ROOT, 'id')), NULL]], otherwise: c.object(members, level) }), level);
  const entry = select({ columns: [keyword('*')], from, where, orderBy: [asc(col(ROOT, 'id'))], limit: 1 });
  return select({
    columns: [{ item: body, as: 'body' }, { item: isNull(col(ROOT, 'id'), true), as: 'found' }],
    from: derived(select({ columns: [{ item: lit(1), as: 'one' }] }), 'o'),
    joins: [{ left: true, source: derived(entry, ROOT), on: keyword('TRUE') }],
  });
}
