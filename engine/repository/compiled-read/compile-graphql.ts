/**
 * engine/repository/compiled-read: a FindPlan / FindOnePlan plus the shape of a GraphQL selection
 * (GraphqlShape, built by engine/graphql/compiled-document.ts) -> ONE PostgreSQL statement whose text
 * is the value of that root field as graphql-js would serialize it: the members in selection order
 * under their response keys, `__typename` where selected, the `data` / `attributes` wrappers, ids as
 * strings, Long as numbers, timestamps as ISO date-times, enumerations by their GraphQL names,
 * relation-connection arguments (filters, sort, pagination, publicationState) from the plan's populate.
 * A null where the schema says non-null, or a stored value the enum does not name, stops the
 * statement (GRAPHQL_NOT_SHAPED) so the request runs the usual way and gets graphql-js's error.
 * Throws NotCompiled for what it does not cover. Pure text.
 */
import type { FindOnePlan, FindPlan, PagePlan, PopulateSpec, PopulateTree, PublicationState } from '../../plan/types.js';
import { FILE_UID, qualified, quoteId } from '../naming.js';
import { itemSpec } from '../populate/populate-components.js';
import { joinSql, sql, type Sql } from '../query/sql.js';
import type { RunContext } from '../run-context.js';
import { linkSides, typeOf, type TypeStorage } from '../storage-map.js';
import { listRows, member, members, NotCompiled, oneRowWhere, ReadCompiler, ROOT, type Link } from './compile-read.js';
import { columnJson, jsNumber, textLiteral } from './json-value.js';

/** the message prefix of the cast failure that sends a request the usual way (see the header) */
export const GRAPHQL_NOT_SHAPED = 'quire-graphql-not-shaped';

/**
 * One member of a JSON object of the answer, in response order, under its response key.
 *   text: a constant (`__typename`); id: the row's id as GraphQL's ID; scalar: an attribute or system field;
 *   object: an object written from the same row or level (`attributes`, `meta`, `pagination`);
 *   link: a relation, media or `localizations` wrapper; entities: its (or the root's) `data`;
 *   component / zone: a component attribute / a dynamic zone, each item with its component's members;
 *   page: a number of the root list's `meta.pagination`.
 */
export type GraphqlMember =
  | { readonly key: string; readonly kind: 'text'; readonly json: string }
  | { readonly key: string; readonly kind: 'id' }
  | { readonly key: string; readonly kind: 'scalar'; readonly field: string; readonly nonNull: boolean; readonly enumNames?: Readonly<Record<string, string>> }
  | { readonly key: string; readonly kind: 'object'; readonly members: readonly GraphqlMember[] }
  | { readonly key: string; readonly kind: 'link'; readonly field: string; readonly members: readonly GraphqlMember[] }
  /** `members` null: the requester may not read the target, so `data` is null / [] */
  | { readonly key: string; readonly kind: 'entities'; readonly members: readonly GraphqlMember[] | null }
  | { readonly key: string; readonly kind: 'component'; readonly field: string; readonly members: readonly GraphqlMember[] }
  | { readonly key: string; readonly kind: 'zone'; readonly field: string; readonly items: Readonly<Record<string, readonly GraphqlMember[]>> }
  | { readonly key: string; readonly kind: 'page'; readonly value: 'total' | 'page' | 'pageSize' | 'pageCount' };

/** The selection of one root field: the members of its `<X>EntityResponse(Collection)` object. */
export interface GraphqlShape {
  readonly members: readonly GraphqlMember[];
}

/** where a member is written: a row of `type` at `alias`, its populate, the state it was read under */
interface Level {
  readonly type: TypeStorage;
  readonly alias: string;
  readonly populate: PopulateTree | undefined;
  readonly state: PublicationState;
}

/** the root list: its rows, count and page */
interface Root {
  readonly entities: (members: readonly GraphqlMember[]) => Sql;
  readonly count?: Sql;
  readonly page?: PagePlan;
}

class GraphqlCompiler extends ReadCompiler {
  /** the body names the root list's count (listRows: its derived table goes in the FROM) */
  counted = false;

  constructor(ctx: RunContext) {
    super(ctx);
  }

  object(list: readonly GraphqlMember[], write: (m: GraphqlMember) => Sql): Sql {
    const parts = list.map((m) => member(m.key, write(m)));
    return joinSql([sql("'{' || "), members(parts), sql(" || '}'")], '');
  }

  /** a root field's object: `data`, `meta` and `__typename` */
  root(list: readonly GraphqlMember[], root: Root): Sql {
    return this.object(list, (m) => {
      switch (m.kind) {
        case 'text':
          return sql(textLiteral(m.json));
        case 'entities':
          if (!m.members) throw new NotCompiled('root data without members');
          return root.entities(m.members);
        case 'object':
          return this.root(m.members, root);
        case 'page':
          return this.pageValue(m.value, root);
        default:
          throw new NotCompiled(`${m.kind} at the root`);
      }
    });
  }

  /** collectionPagination (engine/graphql/read-entries.ts): page-shaped also for start/limit, total 0 when not counted */
  private pageValue(value: 'total' | 'page' | 'pageSize' | 'pageCount', root: Root): Sql {
    const p = root.page;
    if (!p) throw new NotCompiled('pagination of one entry');
    const size = p.style === 'page' ? p.pageSize : p.limit;
    if (size <= 0) throw new NotCompiled('page size');
    const total = root.count && p.withCount ? root.count : sql('0');
    if (total === root.count) this.counted = true;
    switch (value) {
      case 'total':
        return joinSql([total, sql('::text')], '');
      case 'page':
        return sql(textLiteral(String(p.style === 'page' ? p.page : Math.floor(p.start / p.limit) + 1)));
      case 'pageSize':
        return sql(textLiteral(String(size)));
      case 'pageCount':
        return joinSql([sql('(('), total, sql(` + ${size - 1}) / ${size})::text`)], '');
    }
  }

  /** an object written from the row of `level` */
  row(list: readonly GraphqlMember[], level: Level): Sql {
    return this.object(list, (m) => this.rowMember(m, level));
  }

  private rowMember(m: GraphqlMember, level: Level): Sql {
    switch (m.kind) {
      case 'text':
        return sql(textLiteral(m.json));
      case 'id':
        return sql(`'"' || ${qualified(level.alias, 'id')}::text || '"'`);
      case 'scalar':
        return this.scalar(m, level);
      case 'object':
        return this.row(m.members, level);
      case 'link':
        return this.link(m.field, m.members, level);
      case 'component':
        return this.component(m.field, m.members, level);
      case 'zone':
        return this.zone(m.field, m.items, level);
      default:
        throw new NotCompiled(`${m.kind} in an entry`);
    }
  }

  private spec(level: Level, field: string): PopulateSpec {
    const spec = level.populate && Object.hasOwn(level.populate, field) ? level.populate[field] : undefined;
    if (!spec) throw new NotCompiled(`${level.type.uid}.${field} not populated`);
    return spec;
  }

  /** a stop of the statement: the usual path answers this row (with graphql-js's error) */
  private notShaped(level: Level): string {
    return `CAST(('${GRAPHQL_NOT_SHAPED}' || ${qualified(level.alias, 'id')}::text) AS integer)::text`;
  }

  private scalar(m: Extract<GraphqlMember, { kind: 'scalar' }>, level: Level): Sql {
    const f = level.type.fields.get(m.field);
    if (!f || f.private) throw new NotCompiled(`field ${m.field}`);
    const e = qualified(level.alias, f.column);
    const orNull = m.nonNull ? this.notShaped(level) : "'null'";
    if (m.enumNames) {
      const names = Object.entries(m.enumNames);
      return joinSql([
        sql(`CASE WHEN ${e} IS NULL THEN ${orNull}`),
        ...names.map(([stored, name]) => sql(` WHEN ${e} = ? THEN ?`, [stored, JSON.stringify(name)])),
        sql(` ELSE ${this.notShaped(level)} END`),
      ], '');
    }
    let value: string;
    switch (f.kind) {
      case 'bigint':
        // GraphQL's Long is a JSON number (Number(value)), REST's biginteger a string
        value = jsNumber(`(${e})::float8`);
        break;
      case 'timestamp':
        // epoch milliseconds -> the ISO date-time serializeDateTime writes
        value = `CASE WHEN (${e})::text ~ '^-{0,1}[0-9]{1,15}$' THEN '"' || to_char((TIMESTAMP '1970-01-01' + (${e})::text::bigint * INTERVAL '1 millisecond'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' ELSE to_json((${e})::text)::text END`;
        break;
      default:
        value = columnJson(e, f.kind);
    }
    return sql(`CASE WHEN ${e} IS NULL THEN ${orNull} ELSE ${value} END`);
  }

  /** a relation, media or localizations wrapper: `{"data":..}` and `__typename` */
  private link(field: string, list: readonly GraphqlMember[], level: Level): Sql {
    return this.object(list, (m) => {
      if (m.kind === 'text') return sql(textLiteral(m.json));
      if (m.kind !== 'entities') throw new NotCompiled(`${m.kind} in a relation`);
      return this.linked(field, m.members, level);
    });
  }

  private linked(field: string, list: readonly GraphqlMember[] | null, level: Level): Sql {
    const attr = Object.hasOwn(level.type.attributes, field) ? level.type.attributes[field] : undefined;
    let target: TypeStorage;
    let link: Link;
    let toMany: boolean;
    let state = level.state;
    if (!attr) {
      const l = level.type.localizations;
      if (field !== 'localizations' || !l) throw new NotCompiled(`attribute ${field}`);
      target = level.type;
      link = { table: l.name, owner: l.self, target: l.other, order: l.order, where: [] };
      toMany = true;
    } else if (attr.kind === 'relation') {
      const s = linkSides(attr);
      target = typeOf(this.ctx.storage, attr.target);
      link = { table: s.table, owner: s.self, target: s.other, order: s.selfOrder, where: [] };
      toMany = attr.toMany;
    } else if (attr.kind === 'media') {
      if (!this.ctx.storage.morphTable) throw new NotCompiled('no media table');
      target = typeOf(this.ctx.storage, FILE_UID);
      link = { table: this.ctx.storage.morphTable, owner: 'related_id', target: 'file_id', order: 'order', where: [['related_type', level.type.uid], ['field', field]] };
      toMany = attr.multiple;
      state = 'preview';
    } else throw new NotCompiled(`${attr.kind} ${field} as a relation`);
    if (!list) return sql(toMany ? "'[]'" : "'null'");
    const spec = this.spec(level, field);
    if (attr?.kind === 'relation') state = spec.publicationState ?? state;
    const rows = list;
    return this.linkedList(level.alias, target, spec, state, link, toMany, 'entry', (t) => this.row(rows, { type: target, alias: t, populate: spec.populate, state }));
  }

  private component(field: string, list: readonly GraphqlMember[], level: Level): Sql {
    const attr = Object.hasOwn(level.type.attributes, field) ? level.type.attributes[field] : undefined;
    if (attr?.kind !== 'component' || !level.type.componentLinks) throw new NotCompiled(`component ${field}`);
    const component = typeOf(this.ctx.storage, attr.component);
    const spec = this.spec(level, field);
    const own = attr.repeatable ? spec : { ...spec, where: undefined, sort: undefined };
    return this.linkedList(level.alias, component, own, level.state, {
      table: level.type.componentLinks, owner: 'entity_id', target: 'component_id', order: 'order',
      where: [['field', field], ['component_type', attr.component]],
    }, attr.repeatable, 'component', (c) => this.row(list, { type: component, alias: c, populate: own.populate, state: level.state }));
  }

  private zone(field: string, items: Readonly<Record<string, readonly GraphqlMember[]>>, level: Level): Sql {
    const attr = Object.hasOwn(level.type.attributes, field) ? level.type.attributes[field] : undefined;
    if (attr?.kind !== 'dynamiczone' || !level.type.componentLinks) throw new NotCompiled(`dynamic zone ${field}`);
    const spec = this.spec(level, field);
    return this.dynamicZone(level.type, level.alias, field, attr.components, spec, level.state, (uid, component, alias) => {
      const list = items[uid];
      if (!list) throw new NotCompiled(`zone item ${uid}`);
      return this.row(list, { type: component, alias, populate: itemSpec(spec, uid, component).populate, state: level.state });
    });
  }
}

/** statements compiled per storage map, by their plan and shape (a repeated query compiles once) */
const STATEMENTS = new WeakMap<object, Map<string, Sql>>();
const STATEMENTS_KEPT = 500;

/**
 * compileGraphqlFind / compileGraphqlFindOne, remembered: writing the statement costs more than
 * sending it, and a repeated query (same document, variables and permissions) has the same plan
 * and shape, so the same statement.
 */
export function compileGraphqlRead(ctx: RunContext, plan: FindPlan | FindOnePlan, shape: GraphqlShape): Sql {
  let key: string | undefined;
  try {
    key = JSON.stringify([plan, shape]);
  } catch {
    key = undefined; // a plan value JSON cannot write: compiled each time
  }
  let known = STATEMENTS.get(ctx.storage);
  const hit = key === undefined ? undefined : known?.get(key);
  if (hit) return hit;
  const statement = plan.kind === 'find' ? compileGraphqlFind(ctx, plan, shape) : compileGraphqlFindOne(ctx, plan, shape);
  if (key !== undefined) {
    if (!known) STATEMENTS.set(ctx.storage, (known = new Map()));
    if (known.size >= STATEMENTS_KEPT) known.clear();
    known.set(key, statement);
  }
  return statement;
}

/** `articles(..) { data { .. } meta { pagination { .. } } }` -> `SELECT '{"data":[..],"meta":{..}}' AS "body"` */
export function compileGraphqlFind(ctx: RunContext, plan: FindPlan, shape: GraphqlShape): Sql {
  const type = typeOf(ctx.storage, plan.uid);
  const c = new GraphqlCompiler(ctx);
  c.scope.aliases.next(); // t0
  const { pageRows, count, countFrom } = listRows(c, type, plan);
  const level: Level = { type, alias: ROOT, populate: plan.populate, state: plan.publicationState };
  const entities = (list: readonly GraphqlMember[]) => joinSql([
    sql(`('[' || COALESCE((SELECT string_agg(`), c.row(list, level), sql(`, ',' ORDER BY ${qualified(ROOT, '__rn')}) FROM (`), pageRows, sql(`) AS ${quoteId(ROOT)}), '') || ']')`),
  ], '');
  const root: Root = { entities, count, page: plan.page };
  const body = c.root(shape.members, root);
  return joinSql([sql('SELECT '), body, sql(' AS "body"'), ...(c.counted ? [countFrom] : [])], '');
}

/** `article(id) { data { .. } }` or a single type's query -> its object, `data` null when there is no entry */
export function compileGraphqlFindOne(ctx: RunContext, plan: FindOnePlan, shape: GraphqlShape): Sql {
  const type = typeOf(ctx.storage, plan.uid);
  const c = new GraphqlCompiler(ctx);
  c.scope.aliases.next(); // t0
  const where = oneRowWhere(c, type, plan);
  const level: Level = { type, alias: ROOT, populate: plan.populate, state: plan.publicationState };
  const entities = (list: readonly GraphqlMember[]) => joinSql([
    sql('COALESCE((SELECT '), c.row(list, level),
    sql(` FROM ${quoteId(type.table)} AS ${quoteId(ROOT)} WHERE `), where, sql(` ORDER BY ${qualified(ROOT, 'id')} ASC LIMIT 1), 'null')`),
  ], '');
  return joinSql([sql('SELECT '), c.root(shape.members, { entities }), sql(' AS "body"')], '');
}
