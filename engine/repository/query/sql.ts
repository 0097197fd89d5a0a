/**
 * engine/repository/query: a SQL fragment is text with `?` placeholders plus its bindings, in order.
 * Query compilers and the write path build fragments (identifiers already quoted) and send them
 * through run-sql.ts. Pure values; nothing here talks to a database.
 */
import { quoteId } from '../naming.js';

export interface Sql {
  readonly text: string;
  readonly bindings: readonly unknown[];
}

export function sql(text: string, bindings: readonly unknown[] = []): Sql {
  return { text, bindings };
}

export const TRUE_SQL = sql('1 = 1');
export const FALSE_SQL = sql('1 = 0');

/** Join fragments with a separator, keeping bindings in text order. */
export function joinSql(parts: readonly Sql[], separator: string): Sql {
  return { text: parts.map((p) => p.text).join(separator), bindings: parts.flatMap((p) => p.bindings) };
}

/** `(a) AND (b)`; an empty list is TRUE for AND, FALSE for OR. */
export function combine(parts: readonly Sql[], op: 'AND' | 'OR'): Sql {
  if (parts.length === 0) return op === 'AND' ? TRUE_SQL : FALSE_SQL;
  if (parts.length === 1) return parts[0];
  return joinSql(parts.map((p) => sql(`(${p.text})`, p.bindings)), ` ${op} `);
}

/** `(?, ?, ?)` for a list of values. */
export function list(values: readonly unknown[]): Sql {
  return sql(`(${values.map(() => '?').join(', ')})`, values);
}

/** `"column" = ?` for an unquoted column name: `columnIs('entity_id', 7)` -> `"entity_id" = ?` [7] */
export function columnIs(column: string, value: unknown): Sql {
  return sql(`${quoteId(column)} = ?`, [value]);
}

/** `"column" IN (?, ?)` for an unquoted column name; FALSE for no values */
export function columnIn(column: string, values: readonly unknown[]): Sql {
  if (values.length === 0) return FALSE_SQL;
  const l = list(values);
  return sql(`${quoteId(column)} IN ${l.text}`, l.bindings);
}

/** conditions joined with AND, bindings in text order: `"a" = ? AND "b" IN (?, ?)` */
export function allOf(...parts: readonly Sql[]): Sql {
  return joinSql(parts, ' AND ');
}

/** Hands out table aliases t0, t1, ... unique within one statement. */
export class AliasCounter {
  private n = 0;
  next(prefix = 't'): string {
    return `${prefix}${this.n++}`;
  }
}

/** bindings typed for knex's raw/whereRaw (values are already driver-ready) */
export function rawBindings(s: Sql): any[] {
  return [...s.bindings];
}
