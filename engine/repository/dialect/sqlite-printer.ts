/**
 * engine/repository/dialect: SQLite's printing of SQL nodes (sql/print-sql.ts): its type names in
 * casts, 64-bit integers selected as text (they survive JavaScript numbers), decimals (stored as
 * exact text) compared as REAL, Unicode lower case through `quire_lower` (registered per
 * connection; SQLite's lower() folds ASCII only), and case-sensitive matching with GLOB (LIKE is
 * ASCII case-insensitive here), its metacharacters taken literally. No row locks: SQLite runs one
 * writer at a time, so a SELECT that claims rows needs no FOR UPDATE SKIP LOCKED.
 */
import { Out, SqlPrinter } from '../sql/print-sql.js';
import type { ColumnKind, Expr, MatchMode } from '../sql/sql-node.js';
import type { StorageKind } from '../storage-map.js';

export const SQLITE_TYPES: Record<ColumnKind, string> = {
  varchar: 'varchar(255)', text: 'text', integer: 'integer', bigint: 'bigint', double: 'real',
  // TEXT affinity: '0.1' stays '0.1' instead of becoming an inexact REAL
  decimal: 'text',
  boolean: 'boolean', date: 'date', time: 'time', datetime: 'datetime',
  // epoch milliseconds
  timestamp: 'bigint', json: 'text', ref: 'integer', order: 'real',
};

/** GLOB metacharacters taken literally by wrapping them in a one-character class */
const escapeGlob = (value: string) => value.replace(/[*?[]/g, (c) => `[${c}]`);

export class SqlitePrinter extends SqlPrinter {
  protected cast(item: Expr, to: ColumnKind, out: Out): void {
    out.add('CAST(');
    this.expr(item, out);
    out.add(` AS ${SQLITE_TYPES[to]})`);
  }

  protected override selected(item: Expr, storage: StorageKind | 'id', out: Out): void {
    if (storage === 'bigint' || storage === 'timestamp') return this.asTextValue(item, out);
    this.expr(item, out);
  }

  protected override compared(item: Expr, storage: StorageKind | 'id', out: Out): void {
    if (storage !== 'decimal') return this.expr(item, out);
    out.add('CAST(');
    this.expr(item, out);
    out.add(' AS REAL)');
  }

  protected override asText(item: Expr, _storage: StorageKind | 'id', out: Out): void {
    this.expr(item, out);
  }

  protected override lower(item: Expr, out: Out): void {
    out.add('quire_lower(');
    this.expr(item, out);
    out.add(')');
  }

  protected override match(item: Expr, mode: MatchMode, value: string, insensitive: boolean, out: Out): void {
    if (insensitive) return super.match(item, mode, value, insensitive, out);
    const v = escapeGlob(value);
    this.expr(item, out);
    out.add(' GLOB ');
    out.bind(mode === 'contains' ? `*${v}*` : mode === 'startsWith' ? `${v}*` : `*${v}`);
  }

  /** one writer at a time: nothing to skip */
  protected override skipLocked(_out: Out): void {}
}
