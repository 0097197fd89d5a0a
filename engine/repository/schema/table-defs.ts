/**
 * engine/repository/schema: the shapes of the desired schema (tables, columns, indexes) as plain
 * data, shared by desired-schema.ts, internal-tables.ts, the diff, the snapshot and the apply step.
 * Types and one constant; no logic.
 */
import type { ColumnKind } from '../dialect/dialect.js';

export type TableRole = 'content' | 'component' | 'internal' | 'relation' | 'component-link' | 'morph' | 'localizations';

export interface ColumnDef {
  readonly name: string;
  /** `increments`: the auto-increment integer primary key */
  readonly kind: ColumnKind | 'increments';
  /** table whose id this column holds (ON DELETE CASCADE) */
  readonly references?: string;
}

export interface IndexDef {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

export interface TableDef {
  readonly name: string;
  readonly role: TableRole;
  /** what the table stores, for change messages: a uid, or `uid.attribute` */
  readonly about: string;
  readonly columns: readonly ColumnDef[];
  readonly indexes: readonly IndexDef[];
}

export interface DesiredSchema {
  readonly tables: readonly TableDef[];
}

/** Tables other tables reference come first; link tables last. */
export const LINK_ROLES: ReadonlySet<TableRole> = new Set(['relation', 'component-link', 'morph', 'localizations']);
