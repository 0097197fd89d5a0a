/**
 * engine/repository/query: one step from an entry to what an attribute links it to, through the
 * link table that holds the link: a relation's join table, `<table>_components`, or
 * files_related_morphs, as SQL nodes (sql/sql-node.ts). Filters use a step as `id IN (owners of
 * matching links)`, sorts chain steps in a correlated subquery.
 */
import { messages, ValidationError } from '../../errors/index.js';
import { and, col, eq, inList, isNull, param, select, table } from '../sql/build.js';
import type { Expr, Source } from '../sql/sql-node.js';
import { linkSides, typeOf, type StorageMap, type TypeStorage } from '../storage-map.js';
import type { AliasCounter } from './alias-counter.js';

export interface LinkStep {
  /** `"articles_tags_links" AS "l1"` */
  readonly link: Source;
  readonly linkAlias: string;
  /** conditions tying the link row to the entry `fromAlias` (and to the attribute) */
  readonly correlate: Expr;
  /** the entry's id (`"t0"."id"`) and the link column holding it (`"l1"."article_id"`) */
  readonly ownerId: Expr;
  readonly owner: Expr;
  /** what else the link row must be: the attribute of a morph or component link (none for a join table) */
  readonly narrow?: Expr;
  /** the linked table and how it joins the link row */
  readonly target: Source;
  readonly targetAlias: string;
  readonly targetOn: Expr;
  readonly targetType: TypeStorage;
  readonly toMany: boolean;
}

/**
 * The step from rows of `type` at `fromAlias` through `attribute` (a relation, media, component,
 * dynamic zone, or `localizations`); `component` narrows a zone's links to one component type.
 */
export function linkStep(storage: StorageMap, type: TypeStorage, attribute: string, fromAlias: string, aliases: AliasCounter, component?: string): LinkStep {
  const attr = Object.hasOwn(type.attributes, attribute) ? type.attributes[attribute] : undefined;
  const localizations = !attr && attribute === 'localizations' ? type.localizations : undefined;
  if (!attr && !localizations) throw new ValidationError(messages.invalidParameter(attribute));
  const l = aliases.next('l');
  const t = aliases.next();
  const ownerId = col(fromAlias, 'id');
  const step = (linkTable: string, ownerColumn: string, targetColumn: string, target: TypeStorage, toMany: boolean, narrow?: Expr): LinkStep => {
    const owner = col(l, ownerColumn);
    const tie = eq(owner, ownerId);
    return {
      link: table(linkTable, l), linkAlias: l,
      correlate: narrow ? and([tie, narrow]) : tie, ownerId, owner, ...(narrow && { narrow }),
      target: table(target.table, t), targetAlias: t, targetOn: eq(col(t, 'id'), col(l, targetColumn)),
      targetType: target, toMany,
    };
  };
  if (localizations) return step(localizations.name, localizations.self, localizations.other, type, true);
  switch (attr?.kind) {
    case 'relation': {
      const s = linkSides(attr);
      return step(s.table, s.self, s.other, typeOf(storage, attr.target), attr.toMany);
    }
    case 'media': {
      if (!storage.morphTable) throw new ValidationError(messages.invalidParameter(attribute));
      return step(storage.morphTable, 'related_id', 'file_id', typeOf(storage, 'plugin::upload.file'), attr.multiple,
        and([eq(col(l, 'related_type'), param(type.uid)), eq(col(l, 'field'), param(attribute))]));
    }
    case 'component':
    case 'dynamiczone': {
      const uid = component ?? (attr.kind === 'component' ? attr.component : undefined);
      const narrow = uid ? and([eq(col(l, 'field'), param(attribute)), eq(col(l, 'component_type'), param(uid))]) : eq(col(l, 'field'), param(attribute));
      return step(type.componentLinks as string, 'entity_id', 'component_id', uid ? typeOf(storage, uid) : type, attr.kind === 'dynamiczone' || attr.repeatable, narrow);
    }
    default:
      throw new ValidationError(messages.invalidParameter(attribute));
  }
}

/**
 * `<entry id> IN (SELECT <owner> FROM <link> [JOIN <target> ON ..] WHERE <owner> IS NOT NULL AND <narrow> AND (<where>))`:
 * the entries with a link (and with a linked row matching `where`). The owners of the matching links
 * are one set (SQLite walks it by primary key; PostgreSQL plans a semi-join); a link row without an
 * owner never counts, so `NOT` of it keeps its meaning.
 */
export function existsThrough(step: LinkStep, where: Expr | undefined): Expr {
  return inList(step.ownerId, select({
    columns: [step.owner],
    from: step.link,
    ...(where && { joins: [{ source: step.target, on: step.targetOn }] }),
    where: and([isNull(step.owner, true), ...(step.narrow ? [step.narrow] : []), ...(where ? [where] : [])]),
  }));
}
