/**
 * engine/repository/query: one step from an entry to what an attribute links it to, through the
 * link table that holds the link: a relation's join table, `<table>_components`, or
 * files_related_morphs. Filters use a step as EXISTS, sorts chain steps in a correlated subquery.
 */
import { messages, ValidationError } from '../../errors/index.js';
import { qualified, quoteId } from '../naming.js';
import { linkSides, typeOf, type StorageMap, type TypeStorage } from '../storage-map.js';
import { AliasCounter, joinSql, sql, type Sql } from './sql.js';

export interface LinkStep {
  /** `"articles_tags_links" AS "l1"` */
  readonly linkFrom: string;
  readonly linkAlias: string;
  /** conditions tying the link row to the entry `fromAlias` (and to the attribute) */
  readonly correlate: Sql;
  /** the linked table and how it joins the link row; undefined for `exists` on a bare link */
  readonly targetFrom: string;
  readonly targetAlias: string;
  readonly targetOn: string;
  readonly target: TypeStorage;
  readonly toMany: boolean;
}

/**
 * `type.attribute` seen from rows aliased `fromAlias`. `component` narrows a dynamic zone (or checks
 * a component attribute) to one component uid.
 */
export function linkStep(storage: StorageMap, type: TypeStorage, attribute: string, fromAlias: string, aliases: AliasCounter, component?: string): LinkStep {
  const attr = type.attributes[attribute];
  const localizations = !attr && attribute === 'localizations' ? type.localizations : undefined;
  if (!attr && !localizations) throw new ValidationError(messages.invalidParameter(attribute));
  const l = aliases.next('l');
  const t = aliases.next();
  const ownerId = qualified(fromAlias, 'id');
  if (localizations) {
    return {
      linkFrom: `${quoteId(localizations.name)} AS ${quoteId(l)}`, linkAlias: l,
      correlate: sql(`${qualified(l, localizations.self)} = ${ownerId}`),
      targetFrom: `${quoteId(type.table)} AS ${quoteId(t)}`, targetAlias: t,
      targetOn: `${qualified(t, 'id')} = ${qualified(l, localizations.other)}`,
      target: type, toMany: true,
    };
  }
  switch (attr.kind) {
    case 'relation': {
      const s = linkSides(attr);
      const target = typeOf(storage, attr.target);
      return {
        linkFrom: `${quoteId(s.table)} AS ${quoteId(l)}`, linkAlias: l,
        correlate: sql(`${qualified(l, s.self)} = ${ownerId}`),
        targetFrom: `${quoteId(target.table)} AS ${quoteId(t)}`, targetAlias: t,
        targetOn: `${qualified(t, 'id')} = ${qualified(l, s.other)}`,
        target, toMany: attr.toMany,
      };
    }
    case 'media': {
      if (!storage.morphTable) throw new ValidationError(messages.invalidParameter(attribute));
      const target = typeOf(storage, 'plugin::upload.file');
      return {
        linkFrom: `${quoteId(storage.morphTable)} AS ${quoteId(l)}`, linkAlias: l,
        correlate: sql(`${qualified(l, 'related_id')} = ${ownerId} AND ${qualified(l, 'related_type')} = ? AND ${qualified(l, 'field')} = ?`, [type.uid, attribute]),
        targetFrom: `${quoteId(target.table)} AS ${quoteId(t)}`, targetAlias: t,
        targetOn: `${qualified(t, 'id')} = ${qualified(l, 'file_id')}`,
        target, toMany: attr.multiple,
      };
    }
    case 'component':
    case 'dynamiczone': {
      const uid = component ?? (attr.kind === 'component' ? attr.component : undefined);
      const byType = uid ? sql(` AND ${qualified(l, 'component_type')} = ?`, [uid]) : sql('');
      const correlate = joinSql([sql(`${qualified(l, 'entity_id')} = ${ownerId} AND ${qualified(l, 'field')} = ?`, [attribute]), byType], '');
      const target = uid ? typeOf(storage, uid) : type;
      return {
        linkFrom: `${quoteId(type.componentLinks as string)} AS ${quoteId(l)}`, linkAlias: l, correlate,
        targetFrom: `${quoteId(target.table)} AS ${quoteId(t)}`, targetAlias: t,
        targetOn: `${qualified(t, 'id')} = ${qualified(l, 'component_id')}`,
        target, toMany: attr.kind === 'dynamiczone' || attr.repeatable,
      };
    }
    default:
      throw new ValidationError(messages.invalidParameter(attribute));
  }
}

/** `EXISTS (SELECT 1 FROM link JOIN target ON .. WHERE correlate AND (where))`; `where` undefined: the link alone. */
export function existsThrough(step: LinkStep, where: Sql | undefined): Sql {
  if (!where) return joinSql([sql(`EXISTS (SELECT 1 FROM ${step.linkFrom} WHERE `), step.correlate, sql(')')], '');
  return joinSql(
    [sql(`EXISTS (SELECT 1 FROM ${step.linkFrom} JOIN ${step.targetFrom} ON ${step.targetOn} WHERE `), step.correlate, sql(' AND ('), where, sql('))')],
    '',
  );
}
