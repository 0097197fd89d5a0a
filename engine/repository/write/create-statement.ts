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
import { FILE_UID, quoteId } from '../naming.js';
import type { RunContext } from '../run-context.js';
import type { Row } from '../run-sql.js';
import { linkSides, typeOf, type TypeStorage } from '../storage-map.js';
import { insertText } from './insert-rows.js';
import { scalarRow } from './scalar-row.js';
import { checkFiles } from './write-media.js';
import { missingTargets, takesAway } from './write-relations.js';

/** what the statement found for one attribute, checked after it ran */
type Check =
  | { readonly kind: 'links'; readonly column: string; readonly expected: number; readonly attr: RelationAttribute; readonly at: MessagePath }
  | { readonly kind: 'files'; readonly column: string; readonly fileIds: readonly number[]; readonly attr: MediaAttribute; readonly at: MessagePath };

export interface CompiledCreate {
  readonly text: string;
  readonly bindings: readonly unknown[];
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
  readonly ctes: string[] = [];
  readonly bindings: unknown[] = [];
  readonly checks: Check[] = [];
  readonly columns: string[] = [];
  /** join tables written so far: a second write of one would not see the first's rows (one snapshot per statement) */
  private readonly linkTables = new Set<string>();
  private n = 0;

  /** `entry`: the content-type whose row the statement inserts (as "e"), if any */
  constructor(readonly ctx: RunContext, readonly entry?: TypeStorage) {}

  name(prefix: string): string {
    return `${prefix}${++this.n}`;
  }

  with(name: string, text: string, bindings: readonly unknown[]): void {
    this.ctes.push(`${quoteId(name)} AS (${text})`);
    this.bindings.push(...bindings);
  }

  /** a column of the answer: `expr` over the CTEs, read back by the check */
  answer(expr: string): string {
    const column = `#${this.columns.length + 1}`;
    this.columns.push(`${expr} AS ${quoteId(column)}`);
    return column;
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
export function compileCreate(ctx: RunContext, type: TypeStorage, row: Readonly<Record<string, unknown>>, data: WriteData, returning: string): CompiledCreate | undefined {
  if (!ctx.dialect.writingCtes || type.uid === FILE_UID) return undefined;
  const s = new Statement(ctx, type);
  const insert = insertText(ctx, type.table, row);
  s.with('e', `${insert.text} RETURNING ${returning}`, insert.bindings);
  try {
    associations(s, type, 'e', data, []);
  } catch (err) {
    // the step path raises the same errors at the same point of the write
    if (err instanceof NotCompiled || err instanceof QuireError) return undefined;
    throw err;
  }
  const columns = s.columns.map((c) => `, ${c}`).join('');
  return { text: `WITH ${s.ctes.join(', ')} SELECT "e".*${columns} FROM "e"`, bindings: s.bindings, checks: s.checks };
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
  const ids = names.map((name) => s.answer(`(SELECT "id" FROM ${quoteId(name)})`));
  return { text: `WITH ${s.ctes.join(', ')} SELECT ${s.columns.join(', ')}`, bindings: s.bindings, checks: s.checks, ids };
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
  const dialect = s.ctx.dialect;
  const marks = ids.map(() => '?').join(', ');
  const away = takesAway(attr);
  if (away) s.with(s.name('d'), `DELETE FROM ${quoteId(sides.table)} WHERE ${quoteId(sides.other)} IN (${marks})`, ids);
  const target = typeOf(s.ctx.storage, attr.target);
  // the new entry is a target too when the relation points at its own type
  const targets = target.table === s.entry?.table ? `(SELECT "id" FROM ${quoteId(target.table)} UNION ALL SELECT "id" FROM "e")` : quoteId(target.table);
  const columns = [sides.self, sides.other];
  const values = ['"o"."id"', '"t"."id"'];
  const bindings: unknown[] = [];
  if (sides.selfOrder) {
    columns.push(sides.selfOrder);
    values.push(`CASE "t"."id" ${ids.map(() => `WHEN ? THEN ${dialect.cast('?', 'order')}`).join(' ')} END`);
    ids.forEach((id, i) => bindings.push(id, i + 1));
  }
  if (sides.otherOrder) {
    columns.push(sides.otherOrder);
    values.push(away ? '1' : `COALESCE((SELECT MAX("l".${quoteId(sides.otherOrder)}) FROM ${quoteId(sides.table)} AS "l" WHERE "l".${quoteId(sides.other)} = "t"."id"), 0) + 1`);
  }
  const name = s.name('r');
  s.with(name,
    `INSERT INTO ${quoteId(sides.table)} (${columns.map(quoteId).join(', ')}) SELECT ${values.join(', ')} FROM ${quoteId(owner)} AS "o", ${targets} AS "t" ` +
    `WHERE "t"."id" IN (${marks}) RETURNING ${quoteId(sides.other)}`,
    [...bindings, ...ids]);
  s.checks.push({ kind: 'links', column: s.answer(`(SELECT count(*) FROM ${quoteId(name)})`), expected: ids.length, attr, at });
}

/** new component rows (and what they hold), then their links in the owner's `<table>_components`, 1..n */
function components(s: Statement, owner: TypeStorage, ownerName: string, field: string, items: readonly Item[]): void {
  if (items.length === 0) return;
  const names = newComponents(s, items);
  const links = names.map((name) => `((SELECT "id" FROM ${quoteId(ownerName)}), (SELECT "id" FROM ${quoteId(name)}), ?, ?, ?)`);
  const bindings = items.flatMap(({ uid }, i) => [uid, field, i + 1]);
  const table = owner.componentLinks as string;
  s.with(s.name('l'), `INSERT INTO ${quoteId(table)} ("entity_id", "component_id", "component_type", "field", "order") VALUES ${links.join(', ')}`, bindings);
}

/** each item's row and what it holds; the names of the CTEs answering their ids */
function newComponents(s: Statement, items: readonly Item[]): string[] {
  return items.map(({ uid, write, at }) => {
    // on a create no component belongs to the entry yet: the step path refuses an id
    if (write.id !== undefined) throw new NotCompiled();
    const component = typeOf(s.ctx.storage, uid);
    s.useRowTable(component.table);
    const insert = insertText(s.ctx, component.table, scalarRow(component, write.data.scalars, s.ctx.dialect));
    const name = s.name('c');
    s.with(name, `${insert.text} RETURNING "id"`, insert.bindings);
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
  const marks = fileIds.map(() => '?').join(', ');
  s.with(found, `SELECT "id", "mime" FROM ${quoteId(files.table)} WHERE "id" IN (${marks})`, fileIds);
  const dialect = s.ctx.dialect;
  const order = `CASE "f"."id" ${fileIds.map(() => `WHEN ? THEN ${dialect.cast('?', 'order')}`).join(' ')} END`;
  s.with(s.name('m'),
    `INSERT INTO ${quoteId(morph)} ("file_id", "related_id", "related_type", "field", "order") ` +
    `SELECT "f"."id", "o"."id", ${dialect.cast('?', 'varchar')}, ${dialect.cast('?', 'varchar')}, ${order} FROM ${quoteId(ownerName)} AS "o", ${quoteId(found)} AS "f"`,
    [owner.uid, field, ...fileIds.flatMap((id, i) => [id, i + 1])]);
  s.checks.push({ kind: 'files', column: s.answer(`(SELECT COALESCE(json_agg(json_build_array("id", "mime")), '[]') FROM ${quoteId(found)})`), fileIds, attr, at });
}
