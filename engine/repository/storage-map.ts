/**
 * engine/repository: NormalizedModel -> StorageMap, the lookup tables every query uses: for each
 * content-type and component, its table, the column and storage kind of each scalar field (system
 * fields included) and its relation/component/media attributes. Built once per repository; pure.
 */
import type { Attribute, NormalizedModel, RelationAttribute, ScalarType } from '../../compiler/model/types.js';
import { attributeOrder } from '../plan/default-fields.js';
import { columnName, componentLinkTable, FILE_UID, localizationsTable, MORPH_TABLE, type LocalizationsTable } from './naming.js';

/** How a value is stored; several attribute types share one (email, uid, enumeration -> varchar). */
export type StorageKind =
  | 'varchar' | 'text' | 'integer' | 'bigint' | 'double' | 'decimal' | 'boolean'
  | 'date' | 'time' | 'datetime' | 'timestamp' | 'json';

const KIND_OF: Record<ScalarType, StorageKind> = {
  string: 'varchar', email: 'varchar', uid: 'varchar', enumeration: 'varchar', password: 'varchar',
  text: 'text', richtext: 'text',
  integer: 'integer', biginteger: 'bigint', float: 'double', decimal: 'decimal',
  boolean: 'boolean', date: 'date', time: 'time', datetime: 'datetime', timestamp: 'timestamp',
  json: 'json', array: 'json',
};

export function storageKindOf(type: ScalarType): StorageKind {
  return KIND_OF[type];
}

export interface FieldColumn {
  /** field name as plans use it: an attribute name, `id`, `createdAt`, `updatedAt`, `publishedAt`, `locale` */
  readonly field: string;
  readonly column: string;
  readonly kind: StorageKind | 'id';
  readonly private: boolean;
  readonly unique: boolean;
}

export interface TypeStorage {
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType' | 'component';
  readonly table: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  readonly attributes: Readonly<Record<string, Attribute>>;
  /** scalar and system fields by field name */
  readonly fields: ReadonlyMap<string, FieldColumn>;
  /** fields returned when a plan names none: non-private scalars in declared order, then system fields */
  readonly defaultFields: readonly string[];
  /** `<table>_components`, when the type holds component or dynamic-zone attributes */
  readonly componentLinks?: string;
  readonly hasMedia: boolean;
  /** localized content-types: the `<table>_localizations_links` table and its columns */
  readonly localizations?: LocalizationsTable;
}

export interface StorageMap {
  readonly types: ReadonlyMap<string, TypeStorage>;
  /** files_related_morphs, when the upload plugin's file type exists */
  readonly morphTable?: string;
  readonly defaultLocale: string;
}

export function buildStorageMap(model: NormalizedModel): StorageMap {
  const types = new Map<string, TypeStorage>();
  for (const ct of Object.values(model.contentTypes)) {
    const type = typeStorage(ct.uid, ct.kind, ct.collectionName, ct.attributes, ct.order, ct.draftAndPublish, ct.localized);
    types.set(ct.uid, ct.localized ? { ...type, localizations: localizationsTable(ct.collectionName, ct.singularName) } : type);
  }
  for (const c of Object.values(model.components)) {
    types.set(c.uid, typeStorage(c.uid, 'component', c.collectionName, c.attributes, c.order, false, false));
  }
  const { i18n } = model.config;
  return {
    types,
    ...(model.contentTypes[FILE_UID] ? { morphTable: MORPH_TABLE } : {}),
    // read at each use: on a database Strapi manages the default locale is Strapi's, changed live
    get defaultLocale() {
      return i18n.defaultLocale;
    },
  };
}

function typeStorage(
  uid: string, kind: TypeStorage['kind'], table: string, attributes: Readonly<Record<string, Attribute>>,
  order: readonly string[], draftAndPublish: boolean, localized: boolean,
): TypeStorage {
  const fields = new Map<string, FieldColumn>();
  const defaults: string[] = [];
  fields.set('id', { field: 'id', column: 'id', kind: 'id', private: false, unique: true });
  const names = attributeOrder(order, attributes);
  let holdsComponents = false;
  let hasMedia = false;
  for (const name of names) {
    const a = attributes[name];
    if (!a) continue;
    if (a.kind === 'component' || a.kind === 'dynamiczone') holdsComponents = true;
    if (a.kind === 'media') hasMedia = true;
    if (a.kind !== 'scalar') continue;
    fields.set(name, { field: name, column: columnName(name), kind: KIND_OF[a.type], private: a.private, unique: a.unique });
    if (!a.private) defaults.push(name);
  }
  if (kind !== 'component') {
    const system: [string, string, StorageKind, boolean][] = [
      ['createdAt', 'created_at', 'datetime', true],
      ['updatedAt', 'updated_at', 'datetime', true],
      ['publishedAt', 'published_at', 'datetime', draftAndPublish],
      ['locale', 'locale', 'varchar', localized],
    ];
    for (const [field, column, k, present] of system) {
      if (!present) continue;
      fields.set(field, { field, column, kind: k, private: false, unique: false });
      defaults.push(field);
    }
  }
  return {
    uid, kind, table, draftAndPublish, localized, attributes, fields, defaultFields: defaults,
    ...(holdsComponents ? { componentLinks: componentLinkTable(table) } : {}),
    hasMedia,
  };
}

export function typeOf(map: StorageMap, uid: string): TypeStorage {
  const t = map.types.get(uid);
  if (!t) throw new Error(`quire repository: unknown content-type or component "${uid}"`);
  return t;
}

/**
 * The two sides of a relation attribute's join table as seen from the type that declares it:
 * `self` holds this entry's id, `other` the related id; `selfOrder` orders the related entries
 * among this entry's links, `otherOrder` orders this entry among the related entry's links.
 */
export interface LinkSides {
  readonly table: string;
  readonly self: string;
  readonly other: string;
  readonly selfOrder?: string;
  readonly otherOrder?: string;
}

export function linkSides(attr: RelationAttribute): LinkSides {
  const j = attr.joinTable;
  return attr.owner
    ? { table: j.name, self: j.ownerColumn, other: j.targetColumn, selfOrder: j.orderColumn, otherOrder: j.inverseOrderColumn }
    : { table: j.name, self: j.targetColumn, other: j.ownerColumn, selfOrder: j.inverseOrderColumn, otherOrder: j.orderColumn };
}
