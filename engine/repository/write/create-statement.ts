/**
 * engine/repository/write: a create on PostgreSQL as one statement. The entry's INSERT, its relation
 * links (both order columns), its components and dynamic-zone items (each row, its nested links,
 * components and media, then the `<table>_components` links in order) and its media links are
 * data-modifying CTEs of one WITH; the statement answers the new row (the columns the read-back
 * selects) and, per relation and media attribute, what it found, so the same ValidationErrors as
 * the statement-per-step path (write-associations.ts) are raised afterwards, in the same order, and
 * the caller's transaction rolls everything back.
 *   WITH "e" AS (INSERT INTO "articles" (...) VALUES (...) RETURNING ...),
 *     "r1" AS (INSERT INTO "articles_author_links" (...) SELECT "o"."id", "t"."id", ... FROM "e" AS "o", "authors" AS "t" WHERE "t"."id" IN (?) RETURNING "author_id"),
 *     "c2" AS (INSERT INTO "components_shared_seos" ("meta_title") VALUES (?) RETURNING "id"),
 *     "l3" AS (INSERT INTO "articles_components" (...) VALUES ((SELECT "id" FROM "e"), (SELECT "id" FROM "c2"), ?, ?, ?))
 *   SELECT "e".*, (SELECT count(*) FROM "r1") AS "#r1" FROM "e"
 * compileNewComponents does the same for the new components of one attribute of an existing entry
 * (an update), answering their ids.
 * Shapes this statement cannot answer exactly as the step-by-step path does (a relation write with
 * positions, an item naming an existing component, a join table written twice, two rows of one
 * component table (their ids would come in no fixed order), a new localization,
 * input the step path refuses) are not compiled: compileCreate answers undefined and the caller
 * takes the step path.
 */
import type { MediaAttribute, RelationAttribute } from '../../../compiler/model/types.js';
import { QuireError } from '../../errors/errors.js';
import type { MessagePath } from '../../errors/index.js';
import type { ComponentWrite, RelationWrite, WriteData } from '../../plan/types.js';
import { FILE_UID } from '../naming.js';
import type { RunContext } from '../run-context.js';
import type { Row } from '../run-sql.js';
import { binary, call, caseOf, cast, col, columnIn, derived, eq, inList, insertInto, keyword, lit, param, select, star, subquery, table, deleteFrom } from '../sql/build.js';
import type { Expr, Insert, Selected, Source, Statement as SqlStatement, With } from '../sql/sql-node.js';
import { linkSides, typeOf, type TypeStorage } from '../storage-map.js';
import { scalarRow } from './scalar-row.js';
import { checkFiles } from './write-media.js';
import { missingTargets, takesAway } from './write-relations.js';

/** what the statement found for one attribute, checked after it ran */
type Check =
  | { readonly kind: 'links'; readonly column: string; readonly expected: number; readonly attr: RelationAttribute; readonly at: MessagePath }
  | { readonly kind: 'files'; readonly column: string; readonly fileIds: readonly number[]; readonly attr: MediaAttribute; readonly at: MessagePath };

export interface CompiledCreate {
  readonly statement: With;
  readonly checks: readonly Check[];
}

/** a shape the one statement does not answer exactly as the step-by-step path */
class NotCompiled extends Error {}

interface Item {
  readonly uid: string;
  readonly write: ComponentWrite;
  readonly at: MessagePath;
}

class Statement {
  readonly ctes: { name: string; statement: SqlStatement }[] = [];
  readonly checks: Check[] = [];
  readonly columns: Selected[] = [];
  /** join tables written so far: a second write of one would not see the first's rows (one snapshot per statement) */
  private readonly linkTables = new Set<string>();
  private n = 0;

  /** `entry`: the content-type whose row the statement inserts (as "e"), if any */
  constructor(readonly ctx: RunContext, readonly entry?: TypeStorage) {}

  name(prefix: string): string {
    return `${prefix}${++this.n}`;
  }

  with(name: string, statement: SqlStatement): void {
    this.ctes.push({ name, statement });
  }

  /** a column of the answer: `item` over the CTEs, read back by the check */
  answer(item: Expr): string {
    const column = `#${this.columns.length + 1}`;
    this.columns.push({ item, as: column });
    return column;
  }

  /** `WITH <the steps> <body>` */
  statement(body: SqlStatement): With {
    return { kind: 'with', steps: this.ctes, body };
  }

  /** component tables written so far: two rows of one table would take their ids in an order the statement does not fix */
  private readonly rowTables = new Set<string>();

  useRowTable(table: string): void {
    if (this.rowTables.has(table)) throw new NotCompiled();
    this.rowTables.add(table);
  }

  useLinkTable(table: string): void {
    if (this.linkTables.has(table)) throw new NotCompiled();
    this.linkTables.add(table);
  }
}

/**
 * The one statement of a create of `type` (its row already built), answering the new row with
 * `returning` (a selection list over the entry's table), or undefined: take the step-by-step path.
 */
export function compileCreate(ctx: RunContext, type: TypeStorage, row: Readonly<Record<string, unknown>>, data: WriteData, returning: readonly Selected[]): CompiledCreate | undefined {
  if (!ctx.dialect.writingCtes || type.uid === FILE_UID) return undefined;
  const s = new Statement(ctx, type);
  s.with('e', insertInto(type.table, row, returning));
  try {
    associations(s, type, 'e', data, []);
  } catch (err) {
    // the step path raises the same errors at the same point of the write
    if (err instanceof NotCompiled || err instanceof QuireError) return undefined;
    throw err;
  }
  return { statement: s.statement(select({ columns: [star('e'), ...s.columns], from: table('e') })), checks: s.checks };
}

export interface CompiledComponents extends CompiledCreate {
  /** the answer's column holding each item's new id, in item order */
  readonly ids: readonly string[];
}

/**
 * PostgreSQL: new component rows (items without an id) of one attribute of an existing owner, each
 * with what it holds, in one statement answering their ids in order (the caller links them), or
 * undefined: take the step-by-step path.
 */
export function compileNewComponents(ctx: RunContext, items: readonly { uid: string; write: ComponentWrite; at: MessagePath }[]): CompiledComponents | undefined {
  if (!ctx.dialect.writingCtes || ctx.strapi || items.length === 0 || items.some((i) => i.write.id !== undefined)) return undefined;
  const s = new Statement(ctx);
  let names: string[];
  try {
    names = newComponents(s, items);
  } catch (err) {
    if (err instanceof NotCompiled || err instanceof QuireError) return undefined;
    throw err;
  }
  const ids = names.map((name) => s.answer(idOf(name)));
  return { statement: s.statement(select({ columns: s.columns })), checks: s.checks, ids };
}

/** The errors the step path raises for what the statement found, first one first. */
export function checkCreate(compiled: CompiledCreate, answer: Row): void {
  for (const check of compiled.checks) {
    const found = answer[check.column];
    if (check.kind === 'links') {
      const count = Number(found);
      if (count < check.expected) throw missingTargets(check.attr, check.at, check.expected - count);
    } else {
      // the driver hands json over as text (compiled reads write it to the socket as it is)
      const files = (typeof found === 'string' ? JSON.parse(found) : found) as [unknown, unknown][];
      checkFiles(check.attr, check.fileIds, files.map(([id, mime]) => ({ id, mime })), check.at);
    }
  }
}

/** write-associations.ts's order: relations, components, dynamic zones, media */
function associations(s: Statement, type: TypeStorage, owner: string, data: WriteData, at: MessagePath): void {
  for (const [name, write] of Object.entries(data.relations ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'relation') throw new NotCompiled();
    relation(s, owner, attr, idsOf(write), [...at, name]);
  }
  for (const [name, value] of Object.entries(data.components ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'component') throw new NotCompiled();
    const list = value === null ? [] : Array.isArray(value) ? (value as readonly ComponentWrite[]) : [value as ComponentWrite];
    if (!attr.repeatable && list.length > 1) throw new NotCompiled();
    components(s, type, owner, name, list.map((write, i) => ({ uid: attr.component, write, at: attr.repeatable ? [...at, name, i] : [...at, name] })));
  }
  for (const [name, items] of Object.entries(data.dynamicZones ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'dynamiczone' || items.some((item) => !attr.components.includes(item.component))) throw new NotCompiled();
    components(s, type, owner, name, items.map((write, i) => ({ uid: write.component, write, at: [...at, name, i] })));
  }
  for (const [name, fileIds] of Object.entries(data.media ?? {})) {
    const attr = type.attributes[name];
    if (attr?.kind !== 'media') throw new NotCompiled();
    media(s, type, owner, name, attr, fileIds, [...at, name]);
  }
}

/** the ids linked, in order, when the write is a plain list (set, or connect without positions) */
function idsOf(write: RelationWrite): readonly number[] {
  if (write.kind === 'set') return write.ids;
  if (write.disconnect.length || write.connect.some((c) => c.position !== undefined && !('end' in c.position))) throw new NotCompiled();
  return write.connect.map((c) => c.id);
}

/**
 * The links of one relation attribute, as insertNewLinks (write-relations.ts) writes them: ids that
 * do not exist insert nothing; this side's order 1..n; the other side's after the target's last link
 * (1 when the target is taken from its previous owner, whose links are deleted first).
 */
function relation(s: Statement, owner: string, attr: RelationAttribute, ids: readonly number[], at: MessagePath): void {
  if (ids.some((id, i) => ids.indexOf(id) !== i) || (!attr.toMany && ids.length > 1)) throw new NotCompiled();
  if (ids.length === 0) return;
  const sides = linkSides(attr);
  s.useLinkTable(sides.table);
  const away = takesAway(attr);
  if (away) s.with(s.name('d'), deleteFrom(sides.table, columnIn(sides.other, ids)));
  const target = typeOf(s.ctx.storage, attr.target);
  // the new entry is a target too when the relation points at its own type
  const targets: Source = target.table === s.entry?.table
    ? derived(select({ columns: [col(undefined, 'id')], from: table(target.table), union: [{ all: true, select: select({ columns: [col(undefined, 'id')], from: table('e') }) }] }), 't')
    : table(target.table, 't');
  const columns = [sides.self, sides.other];
  const values: Expr[] = [col('o', 'id'), col('t', 'id')];
  if (sides.selfOrder) {
    columns.push(sides.selfOrder);
    values.push(orderOf(col('t', 'id'), ids));
  }
  if (sides.otherOrder) {
    columns.push(sides.otherOrder);
    values.push(away ? lit(1) : lastOrderPlusOne(sides.table, sides.other, sides.otherOrder));
  }
  const name = s.name('r');
  const rows = select({ columns: values, from: [table(owner, 'o'), targets], where: inList(col('t', 'id'), ids.map(param)) });
  s.with(name, { kind: 'insert', table: sides.table, columns, rows, returning: [col(undefined, sides.other)] } satisfies Insert);
  s.checks.push({ kind: 'links', column: s.answer(subquery(select({ columns: [keyword('count(*)')], from: table(name) }))), expected: ids.length, attr, at });
}

/** new component rows (and what they hold), then their links in the owner's `<table>_components`, 1..n */
function components(s: Statement, owner: TypeStorage, ownerName: string, field: string, items: readonly Item[]): void {
  if (items.length === 0) return;
  const names = newComponents(s, items);
  const rows = names.map((name, i) => [idOf(ownerName), idOf(name), param(items[i].uid), param(field), param(i + 1)]);
  const links: Insert = { kind: 'insert', table: owner.componentLinks as string, columns: ['entity_id', 'component_id', 'component_type', 'field', 'order'], rows };
  s.with(s.name('l'), links);
}

/** each item's row and what it holds; the names of the CTEs answering their ids */
function newComponents(s: Statement, items: readonly Item[]): string[] {
  return items.map(({ uid, write, at }) => {
    // on a create no component belongs to the entry yet: the step path refuses an id
    if (write.id !== undefined) throw new NotCompiled();
    const component = typeOf(s.ctx.storage, uid);
    s.useRowTable(component.table);
    const name = s.name('c');
    s.with(name, insertInto(component.table, scalarRow(component, write.data.scalars, s.ctx.dialect), [col(undefined, 'id')]));
    associations(s, component, name, write.data, at);
    return name;
  });
}

/** the files of one media attribute in files_related_morphs, order 1..n; the files found (id, MIME type) are checked after */
function media(s: Statement, owner: TypeStorage, ownerName: string, field: string, attr: MediaAttribute, fileIds: readonly number[], at: MessagePath): void {
  const morph = s.ctx.storage.morphTable;
  if (!morph || (!attr.multiple && fileIds.length > 1) || fileIds.some((id, i) => fileIds.indexOf(id) !== i)) throw new NotCompiled();
  if (fileIds.length === 0) return;
  const files = typeOf(s.ctx.storage, FILE_UID);
  const found = s.name('f');
  s.with(found, select({ columns: [col(undefined, 'id'), col(undefined, 'mime')], from: table(files.table), where: columnIn('id', fileIds) }));
  const rows = select({
    columns: [col('f', 'id'), col('o', 'id'), cast(param(owner.uid), 'varchar'), cast(param(field), 'varchar'), orderOf(col('f', 'id'), fileIds)],
    from: [table(ownerName, 'o'), table(found, 'f')],
  });
  s.with(s.name('m'), { kind: 'insert', table: morph, columns: ['file_id', 'related_id', 'related_type', 'field', 'order'], rows } satisfies Insert);
  const json = call('COALESCE', call('json_agg', call('json_build_array', col(undefined, 'id'), col(undefined, 'mime'))), lit('[]'));
  s.checks.push({ kind: 'files', column: s.answer(subquery(select({ columns: [json], from: table(found) }))), fileIds, attr, at });
}

/** `(SELECT "id" FROM "<cte>")`: the id a step answered */
const idOf = (cte: string): Expr => subquery(select({ columns: [col(undefined, 'id')], from: table(cte) }));

/** `CASE <id> WHEN ? THEN CAST(? AS <order>) ... END`: each id's position 1..n */
const orderOf = (id: Expr, ids: readonly number[]): Expr => caseOf(id, ids.map((v, i) => [param(v), cast(param(i + 1), 'order')] as const));

/** `COALESCE((SELECT MAX("l"."<order>") FROM "<links>" AS "l" WHERE "l"."<other>" = "t"."id"), 0) + 1`: after the target's last link */
export const lastOrderPlusOne = (links: string, other: string, order: string): Expr =>
  binary('+', call('COALESCE', subquery(select({ columns: [call('MAX', col('l', order))], from: table(links, 'l'), where: eq(col('l', other), col('t', 'id')) })), lit(0)), lit(1));
