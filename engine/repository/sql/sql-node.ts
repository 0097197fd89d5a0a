/**
 * engine/repository/sql: SQL as data. The repository's compilers (query/, populate/, answer/, write/,
 * stores/) build the statements they send as these nodes: plain frozen data, like the planner's plans,
 * so what a read or a write sends can be tested with `deepEqual` and logged, and no compiler writes
 * SQL text. The dialect's printer (print-sql.ts; dialect/*) prints a node as text with `?` bindings,
 * each database where it differs (casts, comparisons, pattern matching, NULL placement, JSON text).
 * Nothing here knows a database.
 */
import type { ValueForm } from '../../response/answer-shape.js';
import type { StorageKind } from '../storage-map.js';

/** Column roles beyond scalar storage kinds: foreign-key id columns and link-order columns. */
export type ColumnKind = StorageKind | 'ref' | 'order';

export type MatchMode = 'contains' | 'startsWith' | 'endsWith';

export type BinaryOp = '=' | '<>' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '||';

/** An expression. */
export type Expr =
  /** `"t0"."title"` (no table: `"title"`) */
  | { readonly kind: 'column'; readonly table?: string; readonly name: string }
  /** a bound value: `?` */
  | { readonly kind: 'param'; readonly value: unknown }
  /** a value written into the text: a number, or a string as a quoted literal (`'x'`) */
  | { readonly kind: 'literal'; readonly value: number | string }
  /** every column of a table's row: `"e".*` (no table: `*`) */
  | { readonly kind: 'star'; readonly table?: string }
  /** SQL that is the same on every database and holds no value: `*`, `COUNT(*)`, `TRUE` */
  | { readonly kind: 'keyword'; readonly sql: string }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  /** `(a) AND (b)`; none: always true (AND) or always false (OR) */
  | { readonly kind: 'and' | 'or'; readonly items: readonly Expr[] }
  | { readonly kind: 'not'; readonly item: Expr }
  | { readonly kind: 'isNull'; readonly item: Expr; readonly negate?: true }
  | { readonly kind: 'in'; readonly item: Expr; readonly list: readonly Expr[] | Select; readonly negate?: true }
  | { readonly kind: 'between'; readonly item: Expr; readonly low: Expr; readonly high: Expr }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Expr[] }
  /** `CASE WHEN a THEN b ... END`; with a `subject`, the simple form `CASE x WHEN v THEN b ... END` */
  | { readonly kind: 'case'; readonly subject?: Expr; readonly whens: readonly (readonly [Expr, Expr])[]; readonly otherwise?: Expr }
  /** `(SELECT ...)` as a value */
  | { readonly kind: 'subquery'; readonly select: Select }
  /** the texts of `item` over the rows, joined with `separator`, in `order` (string_agg) */
  | { readonly kind: 'joinedText'; readonly item: Expr; readonly separator: string; readonly order: readonly Order[] }
  /** `row_number() OVER (PARTITION BY .. ORDER BY ..)` */
  | { readonly kind: 'rowNumber'; readonly partitionBy?: readonly Expr[]; readonly order: readonly Order[] }
  // ---- printed per database -------------------------------------------------------------------
  /** `item` read as a column kind (`CAST(? AS integer)`; MySQL's CAST targets) */
  | { readonly kind: 'cast'; readonly item: Expr; readonly to: ColumnKind }
  /** `item` as text */
  | { readonly kind: 'text'; readonly item: Expr }
  /** a column as it is selected, lossless for the driver (SQLite: bigint as text) */
  | { readonly kind: 'selected'; readonly item: Expr; readonly storage: StorageKind | 'id' }
  /** a column as it is compared and sorted, alike on every database (PostgreSQL: text `COLLATE "C"`) */
  | { readonly kind: 'compared'; readonly item: Expr; readonly storage: StorageKind | 'id' }
  /** a column as text for pattern operators */
  | { readonly kind: 'asText'; readonly item: Expr; readonly storage: StorageKind | 'id' }
  /** lower case, Unicode-aware */
  | { readonly kind: 'lower'; readonly item: Expr }
  /** `item` contains / starts with / ends with `value`, taken literally; case-insensitive: of the lower cases */
  | { readonly kind: 'match'; readonly item: Expr; readonly mode: MatchMode; readonly value: string; readonly insensitive?: true }
  /** the JSON text of a column's value, as engine/response/print-answer.ts writes it */
  | { readonly kind: 'json'; readonly item: Expr; readonly storage: StorageKind | 'id'; readonly form: ValueForm }
  /** a JSON text (or part of one) as a literal */
  | { readonly kind: 'jsonText'; readonly json: string }
  /** the mark of a refused GraphQL value (print-answer.ts checkMark), with the refused value's JSON text */
  | { readonly kind: 'checkMark'; readonly check: number; readonly value?: Expr };

/** one ORDER BY item; `nulls` where they go (first ascending, last descending unless said) */
export interface Order {
  readonly item: Expr;
  readonly direction: 'asc' | 'desc';
  readonly nulls?: 'first' | 'last';
}

/** a table or a derived table in FROM / JOIN */
export type Source =
  | { readonly kind: 'table'; readonly name: string; readonly as?: string }
  | { readonly kind: 'derived'; readonly select: Select; readonly as: string };

export interface Join {
  readonly left?: true;
  readonly source: Source;
  readonly on: Expr;
}

/** a selected value, under an alias */
export type Selected = Expr | { readonly item: Expr; readonly as: string };

export interface Select {
  readonly kind: 'select';
  readonly columns: readonly Selected[];
  /** one source, or several (`FROM "e" AS "o", "tags" AS "t"`: every pair of their rows) */
  readonly from?: Source | readonly Source[];
  readonly joins?: readonly Join[];
  readonly where?: Expr;
  readonly groupBy?: readonly Expr[];
  /** the rows of further SELECTs after these (`UNION`, or `UNION ALL` keeping duplicates); ORDER BY and LIMIT then order and cut them all */
  readonly union?: readonly { readonly all?: true; readonly select: Select }[];
  readonly orderBy?: readonly Order[];
  /** numbers are written into the text (SQLite plans `LIMIT 25` better than `LIMIT ?`) */
  readonly limit?: number | Expr;
  readonly offset?: number | Expr;
  /** rows another transaction is claiming are skipped, not waited for (where the database can) */
  readonly skipLocked?: true;
}

export interface Insert {
  readonly kind: 'insert';
  readonly table: string;
  readonly columns: readonly string[];
  /** rows of values, the rows a SELECT answers, or one row of defaults (`columns` empty) */
  readonly rows: readonly (readonly Expr[])[] | Select | 'defaults';
  /**
   * on a unique `conflict` key: these columns set instead (an upsert). The values read the row as it
   * stands through columns naming the table; MySQL's ON DUPLICATE KEY UPDATE runs the assignments
   * left to right, each seeing the ones before it, so one that reads a column goes before the one
   * setting it
   */
  readonly upsert?: { readonly conflict: readonly string[]; readonly set: readonly (readonly [string, Expr])[] };
  readonly returning?: readonly Selected[];
}

export interface Update {
  readonly kind: 'update';
  readonly table: string;
  readonly set: readonly (readonly [string, Expr])[];
  readonly where: Expr;
  readonly returning?: readonly Selected[];
}

export interface Delete {
  readonly kind: 'delete';
  readonly table: string;
  readonly where: Expr;
  readonly returning?: readonly Selected[];
}

/** `WITH a AS (...), b AS (...) <body>`; data-modifying statements in `steps` where the dialect says so (Dialect.writingCtes: PostgreSQL) */
export interface With {
  readonly kind: 'with';
  readonly steps: readonly { readonly name: string; readonly statement: Statement }[];
  readonly body: Statement;
}

export type Statement = Select | Insert | Update | Delete | With;
