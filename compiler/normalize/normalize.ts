/**
 * compiler/normalize: RawSpec that passed every rule -> NormalizedModel (plain, sorted, relations resolved
 * both ways, defaults filled in). Pure: no fs, no clock; the same spec always gives the same model.
 */
import type { RawSpec } from '../load/load-spec.js';
import { componentTypeName, contentTypeQueryName, contentTypeTypeName, POPULATE_DEEP_PLUGIN, snakeCase } from '../model/names.js';
import type {
  Attribute, Component, ContentType, GraphqlConfig, GraphqlFieldOptions, GraphqlTypeOptions, I18nConfig,
  JoinTable, NormalizedModel, PopulateDeepConfig, RelationAttribute, RelationKind, RestConfig, ScalarType,
} from '../model/types.js';
import { effectiveType } from '../rules/attribute-types.js';
import { isObject, type Definition, type Json, type RuleContext } from '../rules/rule-context.js';
import { defaultTable } from '../rules/unique-names.js';
import { normalizeEmail, normalizeUpload, normalizeUsersPermissions } from './plugin-config.js';
import { normalizeWebhooks } from './webhooks-config.js';

const TO_MANY = new Set<RelationKind>(['oneToMany', 'manyToMany', 'manyWay']);
/** relations whose target side may hold many owners */
const MANY_TO = new Set<RelationKind>(['manyToOne', 'manyToMany']);
const ALL_MEDIA = ['audios', 'files', 'images', 'videos'];

export function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function normalize(ctx: RuleContext): NormalizedModel {
  const { spec } = ctx;
  const i18n = normalizeI18n(spec);
  const graphqlOptions = shadowCrudOptions(spec);
  const contentTypes = sortedRecord(
    [...ctx.contentTypes.values()].map((d) => [d.uid, normalizeContentType(ctx, d, graphqlOptions[d.uid])] as [string, ContentType]),
  );
  const components = sortedRecord([...ctx.components.values()].map((d) => [d.uid, normalizeComponent(ctx, d)] as [string, Component]));
  return {
    version: 1,
    contentTypes,
    components,
    config: {
      rest: normalizeRest(spec),
      graphql: normalizeGraphql(spec),
      i18n,
      permissions: normalizePermissions(spec),
      usersPermissions: normalizeUsersPermissions(spec),
      ...populateDeepOf(spec),
      upload: normalizeUpload(spec),
      email: normalizeEmail(spec),
      ...normalizeWebhooks(spec),
    },
  };
}

/** `strapi-plugin-populate-deep`, enabled by its package.json dependency or its config/plugins entry (not `enabled: false`). */
function populateDeepOf(spec: RawSpec): { populateDeep?: PopulateDeepConfig } {
  const v = spec.config.plugins?.value;
  const entry = isObject(v) ? v[POPULATE_DEEP_PLUGIN] : undefined;
  const configured = entry === true || isObject(entry);
  if (isObject(entry) && entry.enabled === false) return {};
  if (!configured && !(spec.installedPlugins ?? []).includes(POPULATE_DEEP_PLUGIN)) return {};
  const config = isObject(entry) && isObject(entry.config) ? entry.config : {};
  const depth = typeof config.defaultDepth === 'number' && Number.isInteger(config.defaultDepth) && config.defaultDepth > 0 ? config.defaultDepth : 5;
  return { populateDeep: { defaultDepth: depth } };
}

function tableOf(d: Definition): string {
  const info = isObject(d.schema.info) ? d.schema.info : {};
  return typeof d.schema.collectionName === 'string' ? d.schema.collectionName : (defaultTable(d.kind, d.uid, info) as string);
}

function normalizeContentType(ctx: RuleContext, d: Definition, options: GraphqlTypeOptions | undefined): ContentType {
  const s = d.schema;
  const info = s.info as Json;
  const opts = isObject(s.options) ? s.options : {};
  const pluginOptions = isObject(s.pluginOptions) ? s.pluginOptions : {};
  const localized = isObject(pluginOptions.i18n) && pluginOptions.i18n.localized === true;
  const namespace: ContentType['namespace'] = d.uid.startsWith('api::')
    ? 'api'
    : (d.uid.slice('plugin::'.length).split('.')[0] as ContentType['namespace']);
  const [apiName] = d.uid.replace(/^(api|plugin)::/, '').split('.');
  const singularName = info.singularName as string;
  const pluralName = info.pluralName as string;
  const kind = s.kind as ContentType['kind'];
  return {
    uid: d.uid,
    kind,
    namespace,
    apiName,
    singularName,
    pluralName,
    displayName: typeof info.displayName === 'string' ? info.displayName : singularName,
    description: typeof info.description === 'string' ? info.description : '',
    collectionName: tableOf(d),
    draftAndPublish: opts.draftAndPublish === true,
    populateCreatorFields: opts.populateCreatorFields === true,
    localized,
    attributes: normalizeAttributes(ctx, d, localized),
    order: Object.keys(d.attributes),
    graphql: {
      typeName: contentTypeTypeName(namespace, singularName),
      singular: contentTypeQueryName(namespace, singularName),
      ...(kind === 'collectionType' ? { plural: contentTypeQueryName(namespace, pluralName) } : {}),
      options: options ?? { enabled: true, queries: true, mutations: true, disabledActions: [], fields: {} },
    },
    source: d.builtin && !d.file.endsWith('.json') ? 'builtin' : d.file,
  };
}

function normalizeComponent(ctx: RuleContext, d: Definition): Component {
  const info = isObject(d.schema.info) ? d.schema.info : {};
  const [category, name] = d.uid.split('.');
  return {
    uid: d.uid,
    category,
    name,
    displayName: typeof info.displayName === 'string' ? info.displayName : name,
    collectionName: tableOf(d),
    attributes: normalizeAttributes(ctx, d, false),
    order: Object.keys(d.attributes),
    graphql: { typeName: componentTypeName(d.uid) },
    source: d.file,
  };
}

function normalizeAttributes(ctx: RuleContext, d: Definition, typeLocalized: boolean): Record<string, Attribute> {
  const out: [string, Attribute][] = [];
  for (const [name, raw] of Object.entries(d.attributes)) {
    const type = effectiveType(raw) as string;
    const po = isObject(raw.pluginOptions) ? raw.pluginOptions : {};
    const base = {
      name,
      required: raw.required === true,
      private: raw.private === true || type === 'password',
      localized: typeLocalized && !(isObject(po.i18n) && po.i18n.localized === false),
    };
    const num = (k: string) => (typeof raw[k] === 'number' ? { [k]: raw[k] as number } : {});
    let attr: Attribute;
    switch (type) {
      case 'relation':
        attr = normalizeRelation(ctx, d, name, raw, base);
        break;
      case 'media':
        attr = {
          ...base,
          kind: 'media',
          multiple: raw.multiple === true,
          allowedTypes: Array.isArray(raw.allowedTypes) ? [...(raw.allowedTypes as string[])].sort() : ALL_MEDIA,
        };
        break;
      case 'component':
        attr = { ...base, kind: 'component', component: raw.component as string, repeatable: raw.repeatable === true, ...num('min'), ...num('max') };
        break;
      case 'dynamiczone':
        attr = { ...base, kind: 'dynamiczone', components: [...(raw.components as string[])], ...num('min'), ...num('max') };
        break;
      default:
        attr = {
          ...base,
          kind: 'scalar',
          type: type as ScalarType,
          unique: raw.unique === true,
          ...(raw.default !== undefined ? { default: raw.default } : {}),
          ...num('min'),
          ...num('max'),
          ...num('minLength'),
          ...num('maxLength'),
          ...(typeof raw.regex === 'string' ? { regex: raw.regex } : {}),
          ...(Array.isArray(raw.enum) ? { enum: [...(raw.enum as string[])] } : {}),
          ...(typeof raw.targetField === 'string' ? { targetField: raw.targetField } : {}),
          ...(typeof raw.customField === 'string' ? { customField: raw.customField } : {}),
        };
    }
    out.push([name, attr]);
  }
  return sortedRecord(out);
}

function normalizeRelation(ctx: RuleContext, d: Definition, name: string, raw: Json, base: Omit<RelationAttribute, 'kind' | 'relation' | 'target' | 'toMany' | 'owner' | 'joinTable' | 'inverse'>): RelationAttribute {
  const relation = raw.relation as RelationKind;
  const target = raw.target as string;
  const toMany = TO_MANY.has(relation);
  if (typeof raw.mappedBy === 'string') {
    // the owning side is the target's attribute: share its join table
    const ownerDef = ctx.contentTypes.get(target) as Definition;
    return { ...base, kind: 'relation', relation, target, toMany, inverse: raw.mappedBy, owner: false, joinTable: joinTableOf(ownerDef, raw.mappedBy, d.uid, true, ownerDef.attributes[raw.mappedBy]?.relation as RelationKind) };
  }
  const inverse = typeof raw.inversedBy === 'string' ? raw.inversedBy : undefined;
  return {
    ...base,
    kind: 'relation',
    relation,
    target,
    toMany,
    ...(inverse ? { inverse } : {}),
    owner: true,
    joinTable: joinTableOf(d, name, target, inverse !== undefined, relation),
  };
}

/**
 * Link table of an owning relation attribute, `<owner table>_<attr>_links`, as Strapi v4 creates it:
 * an order column for the targets when the owner holds many (`<target>_order`), one for the owner
 * among a target's links when the target side of a bidirectional relation holds many (`<owner>_order`,
 * `inv_` first when both names are the same); a to-one side has no order column.
 */
function joinTableOf(owner: Definition, attrName: string, target: string, bidirectional: boolean, relation: RelationKind): JoinTable {
  const ownerName = snakeCase(owner.kind === 'component' ? owner.uid.split('.')[1] : owner.uid.split('.').pop() as string);
  const targetName = snakeCase(target.split('.').pop() as string);
  const same = ownerName === targetName;
  const targetCol = same ? `inv_${targetName}` : targetName;
  const orderColumn = `${targetName}_order`;
  const inverseOrder = `${ownerName}_order`;
  return {
    name: `${tableOf(owner)}_${snakeCase(attrName)}_links`,
    ownerColumn: `${ownerName}_id`,
    targetColumn: `${targetCol}_id`,
    ...(TO_MANY.has(relation) ? { orderColumn } : {}),
    ...(bidirectional && MANY_TO.has(relation) ? { inverseOrderColumn: inverseOrder === orderColumn && TO_MANY.has(relation) ? `inv_${inverseOrder}` : inverseOrder } : {}),
  };
}

function normalizeRest(spec: RawSpec): RestConfig {
  const rest = isObject(spec.config.api?.value) && isObject((spec.config.api.value as Json).rest) ? ((spec.config.api.value as Json).rest as Json) : {};
  return {
    prefix: typeof rest.prefix === 'string' ? rest.prefix : '/api',
    defaultLimit: typeof rest.defaultLimit === 'number' ? rest.defaultLimit : 25,
    maxLimit: typeof rest.maxLimit === 'number' ? rest.maxLimit : 100,
    withCount: typeof rest.withCount === 'boolean' ? rest.withCount : true,
  };
}

function graphqlSection(spec: RawSpec): Json {
  const v = spec.config.plugins?.value;
  return isObject(v) && isObject(v.graphql) ? v.graphql : {};
}

function normalizeGraphql(spec: RawSpec): GraphqlConfig {
  const c = isObject(graphqlSection(spec).config) ? (graphqlSection(spec).config as Json) : {};
  const amountLimit = typeof c.amountLimit === 'number' ? c.amountLimit : 100;
  return {
    endpoint: typeof c.endpoint === 'string' ? c.endpoint : '/graphql',
    shadowCRUD: c.shadowCRUD !== false,
    playgroundAlways: c.playgroundAlways === true,
    depthLimit: typeof c.depthLimit === 'number' ? c.depthLimit : 10,
    amountLimit,
    defaultLimit: typeof c.defaultLimit === 'number' && c.defaultLimit > 0 ? c.defaultLimit : 10,
    maxLimit: typeof c.maxLimit === 'number' && c.maxLimit > 0 ? c.maxLimit : amountLimit,
    ...(spec.graphqlExtension ? { extension: spec.graphqlExtension.path } : {}),
  };
}

function shadowCrudOptions(spec: RawSpec): Record<string, GraphqlTypeOptions> {
  const shadow = graphqlSection(spec).shadowCRUD;
  const out: Record<string, GraphqlTypeOptions> = {};
  if (!isObject(shadow)) return out;
  for (const [uid, raw] of Object.entries(shadow)) {
    if (!isObject(raw)) continue;
    const fields: [string, GraphqlFieldOptions][] = [];
    for (const [field, fo] of Object.entries(isObject(raw.fields) ? raw.fields : {})) {
      const f = isObject(fo) ? fo : {};
      const off = f.disable === true;
      fields.push([field, { output: !(off || f.disableOutput === true), input: !(off || f.disableInput === true), filters: !(off || f.disableFilters === true) }]);
    }
    out[uid] = {
      enabled: raw.disable !== true,
      queries: raw.disableQueries !== true,
      mutations: raw.disableMutations !== true,
      disabledActions: Array.isArray(raw.disableActions) ? [...new Set(raw.disableActions as string[])].sort() : [],
      fields: sortedRecord(fields),
    };
  }
  return out;
}

function normalizeI18n(spec: RawSpec): I18nConfig {
  const v = spec.config.i18n?.value;
  if (!isObject(v)) return { defaultLocale: 'en', locales: ['en'] };
  return { defaultLocale: v.defaultLocale as string, locales: [...(v.locales as string[])] };
}

/**
 * Strapi v4's default users-permissions grants, limited to the routes quire serves (read off Strapi
 * 4.26.2 with no grant configured: a public caller may log in, register and run the password and
 * email-confirmation flows; a signed-in user may read themself and change their password).
 */
const USERS_PERMISSIONS_DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  public: ['callback', 'register', 'forgotPassword', 'resetPassword', 'emailConfirmation', 'sendEmailConfirmation'].map((a) => `plugin::users-permissions.auth.${a}`),
  authenticated: ['plugin::users-permissions.auth.changePassword', 'plugin::users-permissions.user.me'],
};

function normalizePermissions(spec: RawSpec): Record<string, string[]> {
  const v = spec.config.permissions?.value;
  const roles: [string, string[]][] = [
    ['authenticated', []],
    ['public', []],
  ];
  if (isObject(v)) for (const [role, list] of Object.entries(v)) roles.push([role, [...new Set(list as string[])]]);
  const merged = new Map<string, string[]>();
  for (const [role, list] of roles) merged.set(role, list);
  // a role that names any users-permissions permission takes its list as written
  for (const [role, defaults] of Object.entries(USERS_PERMISSIONS_DEFAULTS)) {
    const list = merged.get(role) as string[];
    if (!list.some((p) => p.startsWith('plugin::users-permissions.'))) merged.set(role, [...list, ...defaults]);
  }
  for (const [role, list] of merged) merged.set(role, [...new Set(list)].sort());
  return sortedRecord(merged);
}
