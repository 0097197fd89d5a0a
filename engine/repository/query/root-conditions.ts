/**
 * engine/repository/query: the conditions every read of a type applies, at the root of a find and
 * on each populated level: the plan's filter, publicationState 'live' (published_at IS NOT NULL on
 * draft-and-publish types) and the locale of localized types ('all' or none: every locale).
 */
import type { PublicationState, WhereNode } from '../../plan/types.js';
import { and, col, eq, isNull, param } from '../sql/build.js';
import type { Expr } from '../sql/sql-node.js';
import type { TypeStorage } from '../storage-map.js';
import { compileWhere, type WhereScope } from './compile-where.js';

/** The conditions every read of `type` applies: the plan's filter, publication state, locale. */
export function rootConditions(type: TypeStorage, alias: string, scope: WhereScope, where: WhereNode | undefined, publicationState: PublicationState | undefined, locale: string | undefined): Expr {
  const parts: Expr[] = [];
  if (where) parts.push(compileWhere(where, type, alias, scope));
  if (publicationState === 'live' && type.draftAndPublish) parts.push(isNull(col(alias, 'published_at'), true));
  if (type.localized && locale && locale !== 'all') parts.push(eq(col(alias, 'locale'), param(locale)));
  return and(parts);
}
