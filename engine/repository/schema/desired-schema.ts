/**
 * engine/repository/schema: NormalizedModel -> DesiredSchema, the tables quire needs, as plain data:
 * one table per content-type and component, one join table per owning relation, `<table>_components`
 * link tables, files_related_morphs, localizations links, and quire's own tables (internal-tables.ts).
 * Pure; sync diffs it. The shapes (TableDef...) live in table-defs.ts.
 */
import type { Attribute, NormalizedModel } from '../../../compiler/model/types.js';
import type { ColumnKind } from '../dialect/dialect.js';
import { columnName, componentLinkTable, FILE_UID, indexName, localizationsTable, MORPH_TABLE, USER_UID } from '../naming.js';
import { storageKindOf } from '../storage-map.js';
import { internalTables } from './internal-tables.js';
import type { ColumnDef, DesiredSchema, IndexDef, TableDef } from './table-defs.js';

const ID: ColumnDef = { name: 'id', kind: 'increments' };

export function desiredSchema(model: NormalizedModel): DesiredSchema {
  const tables: TableDef[] = [];
  const links: TableDef[] = [];
  const tableOf = (uid: string) => (model.contentTypes[uid] ?? model.components[uid]).collectionName;
  const owners = [
    ...Object.values(model.contentTypes).map((ct) => ({ uid: ct.uid, table: ct.collectionName, attributes: ct.attributes, order: ct.order, ct })),
    ...Object.values(model.components).map((c) => ({ uid: c.uid, table: c.collectionName, attributes: c.attributes, order: c.order, ct: undefined })),
  ];
  for (const { uid, table, attributes, order, ct } of owners) {
    const columns: ColumnDef[] = [ID];
    const indexes: IndexDef[] = [];
    for (const name of declaredOrder(attributes, order)) {
      const a = attributes[name];
      if (a.kind !== 'scalar') continue;
      const column = columnName(name);
      columns.push({ name: column, kind: storageKindOf(a.type) });
      // unique per locale on localized types (a localization copies non-localized values); uid
      // attributes are unique too, as Strapi v4's validator has them
      if ((a.unique || a.type === 'uid' || uniqueEmail(model, uid, name)) && ct) {
        indexes.push({ name: indexName(table, `${column}_unique`), columns: ct.localized ? [column, 'locale'] : [column], unique: true });
      }
    }
    if (ct) {
      columns.push({ name: 'created_at', kind: 'datetime' }, { name: 'updated_at', kind: 'datetime' });
      if (ct.draftAndPublish) {
        columns.push({ name: 'published_at', kind: 'datetime' });
        // a list's count and `publicationState=live` filter on it: an index the count can read
        // instead of every row (SQLite: covering index; 10,000 wide rows cost ms per count otherwise)
        indexes.push({ name: indexName(table, 'published_at_index'), columns: ['published_at'], unique: false });
      }
      columns.push({ name: 'created_by_id', kind: 'integer' }, { name: 'updated_by_id', kind: 'integer' });
      if (ct.localized) columns.push({ name: 'locale', kind: 'varchar' });
      if (ct.localized) links.push(localizationsDef(table, ct.singularName, uid));
    }
    tables.push({ name: table, role: ct ? 'content' : 'component', about: uid, columns, indexes });
    for (const name of Object.keys(attributes)) {
      const a: Attribute = attributes[name];
      if (a.kind === 'relation' && a.owner) links.push(relationDef(uid, name, table, tableOf(a.target), a.joinTable));
    }
    if (Object.values(attributes).some((a) => a.kind === 'component' || a.kind === 'dynamiczone')) links.push(componentLinkDef(uid, table));
  }
  if (model.contentTypes[FILE_UID]) links.push(morphDef(model.contentTypes[FILE_UID].collectionName));
  tables.push(...internalTables());
  return { tables: [...tables, ...links] };
}

/**
 * The users' email is unique with `advanced.unique_email` (Strapi's default), so parallel sign-ups
 * of one address make one account. Every write lower-cases it first (auth/user-input.ts), as Strapi
 * stores it, so the plain column is the lower-cased address.
 */
function uniqueEmail(model: NormalizedModel, uid: string, name: string): boolean {
  return uid === USER_UID && name === 'email' && model.config.usersPermissions?.uniqueEmail !== false;
}

function declaredOrder(attributes: Readonly<Record<string, Attribute>>, order: readonly string[]): string[] {
  return [...order.filter((n) => attributes[n]), ...Object.keys(attributes).filter((n) => !order.includes(n))];
}

function relationDef(uid: string, attr: string, ownerTable: string, targetTable: string, j: Extract<Attribute, { kind: 'relation' }>['joinTable']): TableDef {
  const columns: ColumnDef[] = [
    ID,
    { name: j.ownerColumn, kind: 'ref', references: ownerTable },
    { name: j.targetColumn, kind: 'ref', references: targetTable },
    ...(j.orderColumn ? [{ name: j.orderColumn, kind: 'order' as const }] : []),
    ...(j.inverseOrderColumn ? [{ name: j.inverseOrderColumn, kind: 'order' as const }] : []),
  ];
  return {
    name: j.name, role: 'relation', about: `${uid}.${attr}`, columns,
    indexes: [
      { name: indexName(j.name, 'fk'), columns: [j.ownerColumn], unique: false },
      { name: indexName(j.name, 'inv_fk'), columns: [j.targetColumn], unique: false },
      { name: indexName(j.name, 'unique'), columns: [j.ownerColumn, j.targetColumn], unique: true },
      // a new link takes MAX(order) + 1 among the links of its entry on each side, and populate reads
      // one side's links in order: with these, both cost the same for 10 or 100,000 links
      ...(j.orderColumn ? [{ name: indexName(j.name, 'owner_order_index'), columns: [j.ownerColumn, j.orderColumn], unique: false }] : []),
      ...(j.inverseOrderColumn ? [{ name: indexName(j.name, 'target_order_index'), columns: [j.targetColumn, j.inverseOrderColumn], unique: false }] : []),
    ],
  };
}

function componentLinkDef(uid: string, ownerTable: string): TableDef {
  const name = componentLinkTable(ownerTable);
  return {
    name, role: 'component-link', about: `${uid} components`,
    columns: [
      ID,
      { name: 'entity_id', kind: 'ref', references: ownerTable },
      { name: 'component_id', kind: 'integer' },
      { name: 'component_type', kind: 'varchar' },
      { name: 'field', kind: 'varchar' },
      { name: 'order', kind: 'order' },
    ],
    indexes: [
      { name: indexName(name, 'entity_fk'), columns: ['entity_id'], unique: false },
      { name: indexName(name, 'field_index'), columns: ['field'], unique: false },
      { name: indexName(name, 'component_type_index'), columns: ['component_type'], unique: false },
      { name: indexName(name, 'unique'), columns: ['entity_id', 'component_id', 'field', 'component_type'], unique: true },
      // the lookup every component populate makes (entity_id IN (...) AND field = ? [AND component_type = ?]):
      // without it SQLite, which keeps no statistics, walks field_index or component_type_index, i.e.
      // every entry's components, and a page of 25 costs in proportion to the table
      { name: indexName(name, 'lookup_index'), columns: ['entity_id', 'field', 'component_type'], unique: false },
    ],
  };
}

function morphDef(filesTable: string): TableDef {
  return {
    name: MORPH_TABLE, role: 'morph', about: 'media links',
    columns: [
      ID,
      { name: 'file_id', kind: 'ref', references: filesTable },
      { name: 'related_id', kind: 'integer' },
      { name: 'related_type', kind: 'varchar' },
      { name: 'field', kind: 'varchar' },
      { name: 'order', kind: 'order' },
    ],
    indexes: [
      { name: indexName(MORPH_TABLE, 'fk'), columns: ['file_id'], unique: false },
      { name: indexName(MORPH_TABLE, 'related_index'), columns: ['related_id', 'related_type', 'field'], unique: false },
    ],
  };
}

function localizationsDef(table: string, singularName: string, uid: string): TableDef {
  const l = localizationsTable(table, singularName);
  return {
    name: l.name, role: 'localizations', about: `${uid}.localizations`,
    columns: [ID, { name: l.self, kind: 'ref', references: table }, { name: l.other, kind: 'ref', references: table }, { name: l.order, kind: 'order' }],
    indexes: [
      { name: indexName(l.name, 'fk'), columns: [l.self], unique: false },
      { name: indexName(l.name, 'inv_fk'), columns: [l.other], unique: false },
      { name: indexName(l.name, 'unique'), columns: [l.self, l.other], unique: true },
    ],
  };
}
