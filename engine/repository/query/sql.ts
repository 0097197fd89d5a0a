/**
 * engine/repository/query: a SQL fragment is text with `?` placeholders plus its bindings, in order.
 * Query compilers build fragments (identifiers already quoted) and hand them to knex.raw/whereRaw.
 * Pure values; nothing here talks to a database.
 */

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
