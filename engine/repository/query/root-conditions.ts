/**
 * engine/repository/query: the conditions every read of a type applies, at the root of a find and
 * on each populated level: the plan's filter, publicationState 'live' (published_at IS NOT NULL on
 * draft-and-publish types) and the locale of localized types ('all' or none: every locale).
 */
import type { PublicationState, WhereNode } from '../../plan/types.js';
import { qualified } from '../naming.js';
import type { TypeStorage } from '../storage-map.js';
import { compileWhere, type WhereScope } from './compile-where.js';
import { combine, sql, type Sql } from './sql.js';

/** The conditions every read of `type` applies: the plan's filter, publication state, locale. */
export function rootConditions(type: TypeStorage, alias: string, scope: WhereScope, where: WhereNode | undefined, publicationState: PublicationState | undefined, locale: string | undefined): Sql {
  const parts: Sql[] = [];
  if (where) parts.push(compileWhere(where, type, alias, scope));
  if (publicationState === 'live' && type.draftAndPublish) parts.push(sql(`${qualified(alias, 'published_at')} IS NOT NULL`));
  if (type.localized && locale && locale !== 'all') parts.push(sql(`${qualified(alias, 'locale')} = ?`, [locale]));
  return combine(parts, 'AND');
}
