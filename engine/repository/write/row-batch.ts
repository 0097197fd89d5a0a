/**
 * engine/repository/write: fewer statements for one write on the step-by-step path (SQLite,
 * MariaDB/MySQL, and PostgreSQL writes not compiled to one statement). Link rows that nothing in
 * the write reads again (component links in `<table>_components`, media links in
 * files_related_morphs) are gathered and inserted at the end of the write, one multi-row INSERT per
 * table; the files every media attribute of the write names are read in one SELECT first, and
 * each attribute checks its own against them where it stands in the write.
 *   INSERT INTO "files_related_morphs" (...) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), ...
 */
import type { Attribute } from '../../../compiler/model/types.js';
import type { ComponentWrite, WriteData } from '../../plan/types.js';
import { FILE_UID } from '../naming.js';
import type { RunContext, WriteBatch } from '../run-context.js';
import { typeOf, type TypeStorage } from '../storage-map.js';
import { insertRows } from './insert-rows.js';
import { filesOf } from './write-media.js';

/** rows per INSERT: well under every database's limit on bound values */
const ROWS_PER_INSERT = 500;

export class RowBatch implements WriteBatch {
  private readonly pending = new Map<string, { table: string; columns: readonly string[]; rows: (readonly unknown[])[] }>();
  /** id -> MIME type of the files the write names (those that exist), read once */
  files?: ReadonlyMap<number, string>;

  add(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): void {
    const key = `${table}\u0000${columns.join('\u0000')}`;
    let entry = this.pending.get(key);
    if (!entry) this.pending.set(key, (entry = { table, columns, rows: [] }));
    entry.rows.push(...rows);
  }

  /** the gathered rows, one INSERT per table (per ROWS_PER_INSERT rows) */
  async flush(ctx: RunContext): Promise<void> {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { table, columns, rows } of pending) {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insertRows(ctx, table, columns, rows.slice(i, i + ROWS_PER_INSERT));
    }
  }
}

/**
 * A batch for a write of `data` on `type`, its files read when more than one media attribute names
 * some (one attribute reads its own as before).
 */
export async function rowBatch(ctx: RunContext, type: TypeStorage, data: WriteData): Promise<RowBatch> {
  const batch = new RowBatch();
  const named: number[][] = [];
  collectFiles(ctx, type, data, named);
  if (named.length > 1) {
    const ids = [...new Set(named.flat())];
    const files = typeOf(ctx.storage, FILE_UID);
    const rows = await filesOf(ctx, files.table, ids);
    batch.files = new Map(rows.map((r) => [Number(r.id), typeof r.mime === 'string' ? r.mime : '']));
  }
  return batch;
}

function collectFiles(ctx: RunContext, type: TypeStorage, data: WriteData, into: number[][]): void {
  for (const [name, ids] of Object.entries(data.media ?? {})) if (type.attributes[name]?.kind === 'media' && ids.length) into.push([...ids]);
  const nested = (uid: string, write: ComponentWrite) => {
    const component = ctx.storage.types.get(uid);
    if (component) collectFiles(ctx, component, write.data, into);
  };
  for (const [name, value] of Object.entries(data.components ?? {})) {
    const attr: Attribute | undefined = type.attributes[name];
    if (attr?.kind !== 'component' || value === null) continue;
    for (const write of Array.isArray(value) ? (value as readonly ComponentWrite[]) : [value as ComponentWrite]) nested(attr.component, write);
  }
  for (const items of Object.values(data.dynamicZones ?? {})) for (const item of items) nested(item.component, item);
}
