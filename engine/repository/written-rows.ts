/**
 * engine/repository: the rows a transaction has just inserted, as the INSERT's RETURNING clause
 * read them (the selection a findOne by id makes), so the read-back of a create inside the same
 * transaction (REST and GraphQL answer what was stored) needs no SELECT of its own. A row is
 * handed out once; any update or delete in the transaction forgets them all.
 */
import type { Entry } from '../plan/types.js';
import type { FieldColumn } from './storage-map.js';

export class WrittenRows {
  private readonly rows = new Map<string, { columns: readonly FieldColumn[]; entry: Entry }>();

  remember(uid: string, columns: readonly FieldColumn[], entry: Entry): void {
    this.rows.set(`${uid}#${entry.id}`, { columns, entry });
  }

  /** the row of `uid` `id` when it was read with exactly these columns (then forgotten) */
  take(uid: string, id: number, columns: readonly FieldColumn[]): Entry | undefined {
    const key = `${uid}#${id}`;
    const hit = this.rows.get(key);
    if (!hit) return undefined;
    this.rows.delete(key);
    if (hit.columns.length !== columns.length || hit.columns.some((c, i) => c !== columns[i])) return undefined;
    return hit.entry;
  }

  forget(): void {
    this.rows.clear();
  }
}
