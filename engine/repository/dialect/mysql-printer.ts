/**
 * engine/repository/dialect: MySQL/MariaDB's printing of SQL nodes (sql/print-sql.ts): the few type
 * names CAST accepts there, values as text in the connection's binary collation (so they compare by
 * code point as the other databases do), NULL placement without NULLS FIRST/LAST (MySQL sorts NULL
 * first ascending and last descending by itself; the other way costs an `x IS NULL` key), an empty
 * row of defaults as `() VALUES ()`, upserts as `ON DUPLICATE KEY UPDATE`, joined text as GROUP_CONCAT.
 */
import { Out, SqlPrinter, stringLiteral } from '../sql/print-sql.js';
import type { ColumnKind, Expr, Order } from '../sql/sql-node.js';
import type { StorageKind } from '../storage-map.js';
import { quoteId } from '../naming.js';

export const MYSQL_TYPES: Record<ColumnKind, string> = {
  varchar: 'varchar(255)', text: 'longtext', integer: 'int', bigint: 'bigint', double: 'double',
  decimal: 'decimal(20,10)', boolean: 'boolean', date: 'date', time: 'time(3)', datetime: 'datetime(3)',
  // epoch milliseconds
  timestamp: 'bigint', json: 'json',
  // the type of knex's increments() primary key, which a foreign key must match
  ref: 'int unsigned', order: 'double',
};

/** the target of CAST(? AS ...) for a column kind (MySQL casts to a few type names only) */
const CAST_TYPES: Partial<Record<ColumnKind, string>> = { ref: 'unsigned', integer: 'signed', bigint: 'signed', order: 'double', double: 'double' };

export class MysqlPrinter extends SqlPrinter {
  /** `collation`: the connection's binary collation (MariaDB's no-pad one, or MySQL 8's) */
  constructor(private readonly collation: string) {
    super();
  }

  protected cast(item: Expr, to: ColumnKind, out: Out): void {
    out.add('CAST(');
    this.expr(item, out);
    out.add(` AS ${CAST_TYPES[to] ?? MYSQL_TYPES[to]})`);
  }

  protected override asTextValue(item: Expr, out: Out): void {
    out.add('CAST(');
    this.expr(item, out);
    out.add(' AS CHAR)');
  }

  protected override asText(item: Expr, storage: StorageKind | 'id', out: Out): void {
    if (storage === 'varchar' || storage === 'text') return this.expr(item, out);
    this.asTextValue(item, out);
    out.add(` COLLATE ${this.collation}`);
  }

  protected override order(o: Order, out: Out): void {
    const direction = o.direction === 'asc' ? 'ASC' : 'DESC';
    // NULL sorts first ascending and last descending by itself; the other way needs its own key
    const natural = !o.nulls || (o.direction === 'asc') === (o.nulls === 'first');
    if (!natural) {
      this.expr(o.item, out);
      out.add(` IS NULL ${o.nulls === 'first' ? 'DESC' : 'ASC'}, `);
    }
    this.expr(o.item, out);
    out.add(` ${direction}`);
  }

  protected override defaultValues(out: Out): void {
    out.add('() VALUES ()');
  }

  protected override upsert(_conflict: readonly string[], set: readonly (readonly [string, Expr])[], out: Out): void {
    out.add(' ON DUPLICATE KEY UPDATE ');
    set.forEach(([column, value], i) => {
      out.add(`${i === 0 ? '' : ', '}${quoteId(column)} = `);
      this.expr(value, out);
    });
  }

  protected override joinedText(item: Expr, separator: string, order: readonly Order[], out: Out): void {
    out.add('GROUP_CONCAT(');
    this.expr(item, out);
    if (order.length) {
      out.add(' ORDER BY ');
      this.orders(order, out);
    }
    out.add(` SEPARATOR ${stringLiteral(separator)})`);
  }
}
