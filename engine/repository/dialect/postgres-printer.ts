/**
 * engine/repository/dialect: PostgreSQL's printing of SQL nodes (sql/print-sql.ts): its type names in
 * casts, text compared and sorted byte-wise (`COLLATE "C"`, the order SQLite and MySQL's binary
 * collation give), and, since PostgreSQL writes answers in one statement, the JSON text of values
 * (postgres-json.ts) and the marks of refused GraphQL values. Quire's layout and Strapi's.
 */
import type { ValueForm } from '../../response/answer-shape.js';
import { Out, SqlPrinter } from '../sql/print-sql.js';
import type { ColumnKind, Expr } from '../sql/sql-node.js';
import type { StorageKind } from '../storage-map.js';
import { CHECK_MARK, CHECK_VALUE } from '../../response/print-answer.js';
import { columnJson, jsNumber, strapiColumnJson, textLiteral } from './postgres-json.js';

export const POSTGRES_TYPES: Record<ColumnKind, string> = {
  varchar: 'varchar(255)', text: 'text', integer: 'integer', bigint: 'bigint', double: 'double precision',
  decimal: 'numeric(20,10)', boolean: 'boolean', date: 'date', time: 'time(3)', datetime: 'timestamptz(3)',
  // epoch milliseconds
  timestamp: 'bigint', json: 'jsonb', ref: 'integer', order: 'double precision',
};

/** epoch milliseconds (a bigint column of quire's layout) as GraphQL's ISO date-time */
const epochIso = (e: string) =>
  `CASE WHEN (${e})::text ~ '^-{0,1}[0-9]{1,15}$' THEN '"' || to_char((TIMESTAMP '1970-01-01' + (${e})::text::bigint * INTERVAL '1 millisecond'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' ELSE to_json((${e})::text)::text END`;
const orNull = (e: string, text: string) => `CASE WHEN ${e} IS NULL THEN 'null' ELSE ${text} END`;

export class PostgresPrinter extends SqlPrinter {
  /** `strapi`: Strapi's layout, whose datetime and time attributes are zone-less `timestamp` and `time` columns */
  constructor(private readonly strapi = false) {
    super();
  }

  protected cast(item: Expr, to: ColumnKind, out: Out): void {
    out.add('CAST(');
    this.expr(item, out);
    out.add(` AS ${POSTGRES_TYPES[to]})`);
  }

  protected override compared(item: Expr, storage: StorageKind | 'id', out: Out): void {
    this.expr(item, out);
    if (storage === 'varchar' || storage === 'text') out.add(' COLLATE "C"');
  }

  /** a column's text, for the JSON helpers (columns hold no bindings) */
  private column(item: Expr): string {
    const { text, bindings } = this.print(item);
    if (bindings.length) throw new Error('quire repository: a JSON value of a bound value');
    return text;
  }

  protected override json(item: Expr, storage: StorageKind | 'id', form: ValueForm, out: Out): void {
    const e = this.column(item);
    const value = this.strapi ? strapiColumnJson : columnJson;
    if (form === 'long') return void out.add(jsNumber(`(${e})::float8`));
    if (form === 'datetime' && storage === 'timestamp') return void out.add(this.strapi ? strapiColumnJson(e, 'datetime') : orNull(e, epochIso(e)));
    // Strapi's `time` columns answer `HH:mm:ss`: GraphQL's Time writes `HH:mm:ss.SSS`
    if (form === 'time' && storage === 'time' && this.strapi) {
      return void out.add(orNull(e, `to_json(CASE WHEN length((${e})::text) = 8 THEN (${e})::text || '.000' ELSE (${e})::text END)::text`));
    }
    out.add(value(e, storage));
  }

  protected override checkMark(check: number, value: Expr | undefined, out: Out): void {
    if (!value) return void out.add(textLiteral(`${CHECK_MARK}${check}${CHECK_MARK}`));
    out.add(`${textLiteral(`${CHECK_MARK}${check}${CHECK_VALUE}`)} || `);
    this.expr(value, out);
    out.add(` || ${textLiteral(CHECK_MARK)}`);
  }
}
