/**
 * engine/repository: one Objection Model class per content-type and component, built from the
 * model at boot, with relationMappings through the same link tables the query compilers use
 * (relations, single/repeatable components, media). Bound to this repository's knex only; the
 * role, permission and locale stores (stores/) query through them, and they fetch graphs. Dynamic
 * zones (polymorphic) have no mapping.
 */
import type { Knex } from 'knex';
import { Model, type RelationMappings } from 'objection';
import { FILE_UID, MORPH_TABLE } from './naming.js';
import { linkSides, typeOf, type LinkSides, type StorageMap, type TypeStorage } from './storage-map.js';

export type ObjectionModels = ReadonlyMap<string, typeof Model>;

function className(uid: string): string {
  const name = uid.replace(/^(api|plugin)::/, '').split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${name}Model`;
}

export function buildObjectionModels(storage: StorageMap, knex: Knex): ObjectionModels {
  // a base per repository, so several repositories in one process never share a knex
  class RepositoryModel extends Model {}
  RepositoryModel.knex(knex);
  const classes = new Map<string, typeof Model>();
  for (const t of storage.types.values()) {
    const cls = class extends RepositoryModel {};
    Object.defineProperty(cls, 'name', { value: className(t.uid) });
    Object.defineProperty(cls, 'tableName', { value: t.table, configurable: true });
    classes.set(t.uid, cls);
  }
  for (const t of storage.types.values()) {
    const cls = classes.get(t.uid) as typeof Model;
    Object.defineProperty(cls, 'relationMappings', { value: () => relationMappings(storage, classes, t), configurable: true });
  }
  return classes;
}

/**
 * The order columns of a link row as join-row properties: `order` (the target's position among this
 * entry's links) and `inverseOrder` (this entry's position among the target's), where the table has them.
 */
function linkOrders(s: LinkSides): Record<string, string> {
  return { ...(s.selfOrder ? { order: s.selfOrder } : {}), ...(s.otherOrder ? { inverseOrder: s.otherOrder } : {}) };
}

function relationMappings(storage: StorageMap, classes: Map<string, typeof Model>, t: TypeStorage): RelationMappings {
  const mappings: RelationMappings = {};
  const from = `${t.table}.id`;
  for (const [name, a] of Object.entries(t.attributes)) {
    if (a.kind === 'relation') {
      const s = linkSides(a);
      const target = typeOf(storage, a.target);
      mappings[name] = {
        relation: a.toMany ? Model.ManyToManyRelation : Model.HasOneThroughRelation,
        modelClass: classes.get(a.target) as typeof Model,
        join: {
          from,
          through: { from: `${s.table}.${s.self}`, to: `${s.table}.${s.other}`, extra: linkOrders(s) },
          to: `${target.table}.id`,
        },
      };
    } else if (a.kind === 'component' && t.componentLinks) {
      const links = t.componentLinks;
      const target = typeOf(storage, a.component);
      mappings[name] = {
        relation: a.repeatable ? Model.ManyToManyRelation : Model.HasOneThroughRelation,
        modelClass: classes.get(a.component) as typeof Model,
        join: {
          from,
          through: {
            from: `${links}.entity_id`, to: `${links}.component_id`, extra: ['order'],
            modify: (qb: Knex.QueryBuilder) => qb.where({ [`${links}.field`]: name, [`${links}.component_type`]: a.component }),
            beforeInsert: (row: Record<string, unknown>) => void Object.assign(row, { field: name, component_type: a.component }),
          },
          to: `${target.table}.id`,
        },
      };
    } else if (a.kind === 'media' && storage.morphTable) {
      const files = typeOf(storage, FILE_UID);
      mappings[name] = {
        relation: a.multiple ? Model.ManyToManyRelation : Model.HasOneThroughRelation,
        modelClass: classes.get(FILE_UID) as typeof Model,
        join: {
          from,
          through: {
            from: `${MORPH_TABLE}.related_id`, to: `${MORPH_TABLE}.file_id`, extra: ['order'],
            modify: (qb: Knex.QueryBuilder) => qb.where({ [`${MORPH_TABLE}.related_type`]: t.uid, [`${MORPH_TABLE}.field`]: name }),
            beforeInsert: (row: Record<string, unknown>) => void Object.assign(row, { related_type: t.uid, field: name }),
          },
          to: `${files.table}.id`,
        },
      };
    }
  }
  return mappings;
}
