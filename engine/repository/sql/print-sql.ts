/**
 * engine/repository/sql: SQL nodes (sql-node.ts) -> text with `?` bindings, in order. SqlPrinter
 * prints what every database writes alike; each dialect's printer (dialect/*) overrides the few
 * visits where its database differs (casts, comparisons, pattern matching, NULL placement, joined
 * text, JSON text, a row of defaults, upserts, row locks). One visitor, kysely's design (its default query compiler and dialect compilers).
 * Pure: no I/O.
 */
import { qualified, quoteId } from '../naming.js';
import type { ColumnKind, Delete, Expr, Insert, Join, MatchMode, Order, Select, Selected, Source, Statement, Update, With } from './sql-node.js';
import type { StorageKind } from '../storage-map.js';
import type { ValueForm } from '../../response/answer-shape.js';

/** a statement as the database's text with `?` placeholders, and its bindings in text order */
export interface Printed {
  readonly text: string;
  readonly bindings: readonly unknown[];
}

/** text being written, and its bindings in order */
export class Out {
  text = '';
  readonly bindings: unknown[] = [];

  add(text: string): this {
    this.text += text;
    return this;
  }

  bind(value: unknown): this {
    this.text += '?';
    this.bindings.push(value);
    return this;
  }
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern with ESCAPE '!' */
export function likePattern(mode: MatchMode, value: string): string {
  const v = value.replace(/[!%_]/g, (c) => `!${c}`);
  return mode === 'contains' ? `%${v}%` : mode === 'startsWith' ? `${v}%` : `%${v}`;
}

/** a string as a SQL string literal */
export const stringLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** operands of a binary operator that print without parentheses */
const PLAIN = new Set<Expr['kind']>(['column', 'star', 'param', 'literal', 'keyword', 'call', 'case', 'subquery', 'joinedText', 'rowNumber', 'cast', 'text',
  'selected', 'compared', 'asText', 'lower', 'json', 'jsonText', 'checkMark']);

export abstract class SqlPrinter {
  /**
   *   printer.print({ kind: 'binary', op: '=', left: { kind: 'column', table: 't0', name: 'id' }, right: { kind: 'param', value: 3 } })
   *   -> { text: '"t0"."id" = ?', bindings: [3] }
   */
  print(node: Expr | Statement): Printed {
    const out = new Out();
    if (isStatement(node)) this.statement(node, out);
    else this.expr(node, out);
    return { text: out.text, bindings: out.bindings };
  }

  statement(node: Statement, out: Out): void {
    switch (node.kind) {
      case 'select':
        return this.select(node, out);
      case 'insert':
        return this.insert(node, out);
      case 'update':
        return this.update(node, out);
      case 'delete':
        return this.delete(node, out);
      case 'with':
        return this.with(node, out);
    }
  }

  expr(e: Expr, out: Out): void {
    switch (e.kind) {
      case 'column':
        out.add(e.table === undefined ? quoteId(e.name) : qualified(e.table, e.name));
        return;
      case 'param':
        out.bind(e.value);
        return;
      case 'literal':
        out.add(typeof e.value === 'number' ? String(e.value) : stringLiteral(e.value));
        return;
      case 'star':
        out.add(e.table === undefined ? '*' : `${quoteId(e.table)}.*`);
        return;
      case 'keyword':
        out.add(e.sql);
        return;
      case 'binary':
        this.operand(e.left, out);
        out.add(` ${e.op} `);
        this.operand(e.right, out);
        return;
      case 'and':
      case 'or':
        return this.logical(e.kind, e.items, out);
      case 'not':
        out.add('NOT (');
        this.expr(e.item, out);
        out.add(')');
        return;
      case 'isNull':
        this.operand(e.item, out);
        out.add(e.negate ? ' IS NOT NULL' : ' IS NULL');
        return;
      case 'in':
        this.operand(e.item, out);
        out.add(e.negate ? ' NOT IN (' : ' IN (');
        if (Array.isArray(e.list)) this.list(e.list as readonly Expr[], out);
        else this.select(e.list as Select, out);
        out.add(')');
        return;
      case 'between':
        this.operand(e.item, out);
        out.add(' BETWEEN ');
        this.operand(e.low, out);
        out.add(' AND ');
        this.operand(e.high, out);
        return;
      case 'call':
        out.add(`${e.name}(`);
        this.list(e.args, out);
        out.add(')');
        return;
      case 'case':
        out.add('CASE');
        if (e.subject) {
          out.add(' ');
          this.expr(e.subject, out);
        }
        for (const [when, then] of e.whens) {
          out.add(' WHEN ');
          this.expr(when, out);
          out.add(' THEN ');
          this.expr(then, out);
        }
        if (e.otherwise) {
          out.add(' ELSE ');
          this.expr(e.otherwise, out);
        }
        out.add(' END');
        return;
      case 'subquery':
        out.add('(');
        this.select(e.select, out);
        out.add(')');
        return;
      case 'joinedText':
        return this.joinedText(e.item, e.separator, e.order, out);
      case 'rowNumber':
        out.add('row_number() OVER (');
        if (e.partitionBy?.length) {
          out.add('PARTITION BY ');
          this.list(e.partitionBy, out);
          out.add(' ');
        }
        out.add('ORDER BY ');
        this.orders(e.order, out);
        out.add(')');
        return;
      case 'cast':
        return this.cast(e.item, e.to, out);
      case 'text':
        return this.asTextValue(e.item, out);
      case 'selected':
        return this.selected(e.item, e.storage, out);
      case 'compared':
        return this.compared(e.item, e.storage, out);
      case 'asText':
        return this.asText(e.item, e.storage, out);
      case 'lower':
        return this.lower(e.item, out);
      case 'match':
        return this.match(e.item, e.mode, e.value, e.insensitive === true, out);
      case 'json':
        return this.json(e.item, e.storage, e.form, out);
      case 'jsonText':
        out.add(stringLiteral(e.json));
        return;
      case 'checkMark':
        return this.checkMark(e.check, e.value, out);
    }
  }

  /** an operand of an operator: in parentheses unless it is a single term */
  protected operand(e: Expr, out: Out): void {
    if (PLAIN.has(e.kind) || (e.kind === 'binary' && e.op === '||')) return this.expr(e, out);
    out.add('(');
    this.expr(e, out);
    out.add(')');
  }

  protected list(items: readonly Expr[], out: Out): void {
    items.forEach((item, i) => {
      if (i > 0) out.add(', ');
      this.expr(item, out);
    });
  }

  /** `(a) AND (b)`; one item alone; none: `1 = 1` (AND) or `1 = 0` (OR) */
  protected logical(op: 'and' | 'or', items: readonly Expr[], out: Out): void {
    if (items.length === 0) {
      out.add(op === 'and' ? '1 = 1' : '1 = 0');
      return;
    }
    if (items.length === 1) return this.expr(items[0], out);
    items.forEach((item, i) => {
      if (i > 0) out.add(op === 'and' ? ' AND ' : ' OR ');
      out.add('(');
      this.expr(item, out);
      out.add(')');
    });
  }

  protected orders(orders: readonly Order[], out: Out): void {
    orders.forEach((o, i) => {
      if (i > 0) out.add(', ');
      this.order(o, out);
    });
  }

  /** `x ASC NULLS FIRST`: NULLs first ascending and last descending unless the order says */
  protected order(o: Order, out: Out): void {
    this.expr(o.item, out);
    out.add(` ${o.direction === 'asc' ? 'ASC' : 'DESC'}`);
    if (o.nulls) out.add(` NULLS ${o.nulls === 'first' ? 'FIRST' : 'LAST'}`);
  }

  protected source(s: Source, out: Out): void {
    if (s.kind === 'table') {
      out.add(quoteId(s.name));
      if (s.as !== undefined) out.add(` AS ${quoteId(s.as)}`);
      return;
    }
    out.add('(');
    this.select(s.select, out);
    out.add(`) AS ${quoteId(s.as)}`);
  }

  protected join(j: Join, out: Out): void {
    out.add(j.left ? ' LEFT JOIN ' : ' JOIN ');
    this.source(j.source, out);
    out.add(' ON ');
    this.expr(j.on, out);
  }

  protected selectedList(columns: readonly Selected[], out: Out): void {
    columns.forEach((c, i) => {
      if (i > 0) out.add(', ');
      if ('as' in c && 'item' in c) {
        this.expr(c.item, out);
        out.add(` AS ${quoteId(c.as)}`);
      } else this.expr(c as Expr, out);
    });
  }

  protected limitValue(v: number | Expr, out: Out): void {
    if (typeof v === 'number') out.add(String(v));
    else this.expr(v, out);
  }

  select(s: Select, out: Out): void {
    out.add('SELECT ');
    this.selectedList(s.columns, out);
    if (s.from) {
      out.add(' FROM ');
      if (isSources(s.from)) {
        s.from.forEach((source, i) => {
          if (i > 0) out.add(', ');
          this.source(source, out);
        });
      } else this.source(s.from, out);
    }
    for (const j of s.joins ?? []) this.join(j, out);
    if (s.where) {
      out.add(' WHERE ');
      this.expr(s.where, out);
    }
    if (s.groupBy?.length) {
      out.add(' GROUP BY ');
      this.list(s.groupBy, out);
    }
    for (const u of s.union ?? []) {
      out.add(u.all ? ' UNION ALL ' : ' UNION ');
      this.select(u.select, out);
    }
    if (s.orderBy?.length) {
      out.add(' ORDER BY ');
      this.orders(s.orderBy, out);
    }
    if (s.limit !== undefined) {
      out.add(' LIMIT ');
      this.limitValue(s.limit, out);
    }
    if (s.offset !== undefined && s.offset !== 0) {
      out.add(' OFFSET ');
      this.limitValue(s.offset, out);
    }
    if (s.skipLocked) this.skipLocked(out);
  }

  protected returning(columns: readonly Selected[] | undefined, out: Out): void {
    if (!columns?.length) return;
    out.add(' RETURNING ');
    this.selectedList(columns, out);
  }

  insert(s: Insert, out: Out): void {
    out.add(`INSERT INTO ${quoteId(s.table)} `);
    if (s.rows === 'defaults') this.defaultValues(out);
    else {
      out.add(`(${s.columns.map(quoteId).join(', ')}) `);
      if (Array.isArray(s.rows)) {
        out.add('VALUES ');
        (s.rows as readonly (readonly Expr[])[]).forEach((row, i) => {
          out.add(i === 0 ? '(' : ', (');
          this.list(row, out);
          out.add(')');
        });
      } else this.select(s.rows as Select, out);
    }
    if (s.upsert) this.upsert(s.upsert.conflict, s.upsert.set, out);
    this.returning(s.returning, out);
  }

  update(s: Update, out: Out): void {
    out.add(`UPDATE ${quoteId(s.table)} SET `);
    this.assignments(s.set, out);
    out.add(' WHERE ');
    this.expr(s.where, out);
    this.returning(s.returning, out);
  }

  delete(s: Delete, out: Out): void {
    out.add(`DELETE FROM ${quoteId(s.table)} WHERE `);
    this.expr(s.where, out);
    this.returning(s.returning, out);
  }

  with(s: With, out: Out): void {
    out.add('WITH ');
    s.steps.forEach((step, i) => {
      out.add(`${i === 0 ? '' : ', '}${quoteId(step.name)} AS (`);
      this.statement(step.statement, out);
      out.add(')');
    });
    out.add(' ');
    this.statement(s.body, out);
  }

  protected assignments(set: readonly (readonly [string, Expr])[], out: Out): void {
    set.forEach(([column, value], i) => {
      out.add(`${i === 0 ? '' : ', '}${quoteId(column)} = `);
      this.expr(value, out);
    });
  }

  // ---- where the databases differ ----------------------------------------------------------------

  /** `CAST(x AS <type of the kind>)` */
  protected abstract cast(item: Expr, to: ColumnKind, out: Out): void;

  /** a value as text */
  protected asTextValue(item: Expr, out: Out): void {
    out.add('CAST(');
    this.expr(item, out);
    out.add(' AS TEXT)');
  }

  /** a column as selected: as it is */
  protected selected(item: Expr, _storage: StorageKind | 'id', out: Out): void {
    this.expr(item, out);
  }

  /** a column as compared and sorted: as it is */
  protected compared(item: Expr, _storage: StorageKind | 'id', out: Out): void {
    this.expr(item, out);
  }

  /** a column as text for pattern operators: text columns as they are, others cast */
  protected asText(item: Expr, storage: StorageKind | 'id', out: Out): void {
    if (storage === 'varchar' || storage === 'text') return this.expr(item, out);
    this.asTextValue(item, out);
  }

  protected lower(item: Expr, out: Out): void {
    out.add('lower(');
    this.expr(item, out);
    out.add(')');
  }

  /** LIKE with `!` escaping (case-sensitive where LIKE is); case-insensitive: the lower cases */
  protected match(item: Expr, mode: MatchMode, value: string, insensitive: boolean, out: Out): void {
    if (insensitive) {
      this.lower(item, out);
      out.add(' LIKE ');
      this.lower({ kind: 'param', value: likePattern(mode, value) }, out);
    } else {
      this.expr(item, out);
      out.add(' LIKE ');
      out.bind(likePattern(mode, value));
    }
    out.add(" ESCAPE '!'");
  }

  /** `string_agg(x, ',' ORDER BY ...)` */
  protected joinedText(item: Expr, separator: string, order: readonly Order[], out: Out): void {
    out.add('string_agg(');
    this.expr(item, out);
    out.add(`, ${stringLiteral(separator)}`);
    if (order.length) {
      out.add(' ORDER BY ');
      this.orders(order, out);
    }
    out.add(')');
  }

  /** the VALUES of an INSERT of a row with no column given */
  protected defaultValues(out: Out): void {
    out.add('DEFAULT VALUES');
  }

  /** `ON CONFLICT (key) DO UPDATE SET ...` */
  protected upsert(conflict: readonly string[], set: readonly (readonly [string, Expr])[], out: Out): void {
    out.add(` ON CONFLICT (${conflict.map(quoteId).join(', ')}) DO UPDATE SET `);
    this.assignments(set, out);
  }

  protected skipLocked(out: Out): void {
    out.add(' FOR UPDATE SKIP LOCKED');
  }

  /** the JSON text of a value (answer statements): databases that write answers say how */
  protected json(_item: Expr, _storage: StorageKind | 'id', _form: ValueForm, _out: Out): void {
    throw new Error('quire repository: this database writes no answers in SQL');
  }

  protected checkMark(_check: number, _value: Expr | undefined, _out: Out): void {
    throw new Error('quire repository: this database writes no answers in SQL');
  }
}

function isSources(from: Source | readonly Source[]): from is readonly Source[] {
  return Array.isArray(from);
}

function isStatement(node: Expr | Statement): node is Statement {
  return node.kind === 'select' || node.kind === 'insert' || node.kind === 'update' || node.kind === 'delete' || node.kind === 'with';
}
