/**
 * engine/graphql door: the generated resolver map for the published SDL, generic over the model: one
 * resolver per shadowCRUD operation (read-entries / write-entries, onto the one action layer), one per non-scalar attribute of
 * every content-type and component (relations, media, components, zones read what the root read
 * populated, or load on demand), the custom scalars, enum value maps and union type resolution.
 * Scalars and the `<Name>Entity` / response wrappers use graphql-js default resolvers.
 */
import { getNamedType, isEnumType, isObjectType, isScalarType, isUnionType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { IResolvers } from '@graphql-tools/utils';
import type { Attribute } from '../../compiler/model/types.js';
import { NotImplementedError, ValidationError } from '../errors/index.js';
import type { Entry } from '../plan/types.js';
import { enumValueMap } from './enum-values.js';
import type { GraphqlContext, GraphqlRuntime } from './graphql-context.js';
import { argumentsKey, loadedMeta } from './loaded-entries.js';
import { entityOf, findEntries, findEntry } from './read-entries.js';
import { createScalars } from './scalars.js';
import { SelectionReader } from './selection-populate.js';
import { LOCALE_UID, type Operation, type Owner } from './type-index.js';
import { localizationsField } from '../plan/index.js';
import { meRole, USER_MUTATIONS, USERS_FIELDS } from './users-resolvers.js';
import { ROLE_UID, USER_UID } from '../auth/uids.js';
import { FILE_UID } from '../upload/stored-files.js';
import { createEntry, createLocalizationEntry, deleteEntry, updateEntry } from './write-entries.js';
import { messages } from '../errors/validation-catalog.js';

type Resolver = GraphQLFieldResolver<any, GraphqlContext, Record<string, unknown>>;
type Resolvers = Record<string, Record<string, unknown>>;

/** the plugins' types whose entries the generic reads serve (each with its plugin's permission, type-index.ts) */
const READABLE_PLUGIN_TYPES = new Set([LOCALE_UID, FILE_UID, USER_UID, ROLE_UID]);

function operationResolver(op: Operation): Resolver {
  const plugin = USER_MUTATIONS[`${op.uid}.${op.action}`];
  if (plugin) return plugin;
  // the plugins' entries are ordinary rows: files, users, roles, locales (filled at start from config/i18n.json)
  const pluginRead = READABLE_PLUGIN_TYPES.has(op.uid) && (op.action === 'find' || op.action === 'findOne');
  if (!op.uid.startsWith('api::') && !pluginRead) {
    return () => {
      throw new NotImplementedError(`${op.key} is not served: quire serves the content-types of the spec, not the ${op.uid.split('.')[0]} plugin's own entries`);
    };
  }
  switch (op.action) {
    case 'find':
      return op.single ? (_p, args, ctx, info) => findEntry(ctx, op.uid, undefined, args, info) : (_p, args, ctx, info) => findEntries(ctx, op.uid, args, info);
    case 'findOne':
      return (_p, args, ctx, info) => findEntry(ctx, op.uid, (args.id ?? undefined) as string | undefined, args, info);
    case 'create':
      if (op.localization) return (_p, args, ctx, info) => createLocalizationEntry(ctx, op.uid, args, info);
      return (_p, args, ctx, info) => createEntry(ctx, op.uid, args, info);
    case 'update':
      return (_p, args, ctx, info) => updateEntry(ctx, op.uid, args, info);
    case 'delete':
      return (_p, args, ctx, info) => deleteEntry(ctx, op.uid, args, info);
  }
}

/** The GraphQL value of an attribute from the entry's loaded value (Entry, Entry[], component rows). */
function shaperOf(attr: Attribute): (value: unknown) => unknown {
  switch (attr.kind) {
    case 'relation':
    case 'media':
      return (attr.kind === 'relation' ? attr.toMany : attr.multiple)
        ? (v) => ({ data: ((v as Entry[] | null | undefined) ?? []).map((e) => entityOf(e)) })
        : (v) => ({ data: entityOf(v as Entry | null | undefined) });
    case 'component':
      return attr.repeatable ? (v) => v ?? [] : (v) => v ?? null;
    case 'dynamiczone':
      return (v) => v ?? [];
    default:
      return (v) => v;
  }
}

/**
 * A non-scalar attribute: the parent's loaded value when it was loaded with these arguments; else,
 * for content-type parents, a batched on-demand load. Relations to types the requester may not
 * `find` are empty (null / no rows), as in REST populate.
 */
function attributeResolver(owner: Owner, name: string, attr: Attribute, fieldTypeName: string): Resolver {
  const shape = shaperOf(attr);
  const target = attr.kind === 'relation' ? attr.target : undefined;
  return (parent: Record<string, unknown>, args, ctx, info) => {
    if (target && !ctx.canFind(target)) return shape(undefined);
    const meta = loadedMeta(parent);
    const key = argumentsKey(args);
    if (meta?.loaded.get(name) === key) return shape(parent[name]);
    if (owner.kind === 'component' || typeof parent.id !== 'number') {
      if (meta?.loaded.has(name)) {
        throw new ValidationError(messages.graphqlArgumentsInComponent(`${owner.typeName}.${name}`));
      }
      return shape(parent[name]);
    }
    const reader = new SelectionReader(info, ctx.runtime.index);
    const entry = reader.attribute(attr, fieldTypeName, { key, args, nodes: [...info.fieldNodes] });
    if (!entry) return shape(undefined);
    return ctx.loaders.load(owner.uid, name, entry.request, entry.tag, meta?.state ?? 'live', parent.id).then(shape);
  };
}

function ownerResolvers(owner: Owner, schema: GraphQLSchema, resolvers: Resolvers, runtime: GraphqlRuntime): void {
  const type = schema.getType(owner.typeName);
  if (!isObjectType(type)) return;
  const fields = type.getFields();
  const own: Record<string, unknown> = {};
  const attributes = Object.entries(owner.schema.attributes);
  if (owner.kind === 'contentType' && owner.schema.localized) attributes.push(['localizations', localizationsField(owner.uid)]);
  for (const [name, attr] of attributes) {
    const field = fields[name];
    if (!field) continue;
    const named = getNamedType(field.type);
    if (attr.kind === 'scalar') {
      if (attr.type === 'enumeration' && isEnumType(named)) resolvers[named.name] = enumValueMap(attr.enum ?? []);
      continue;
    }
    own[name] = attributeResolver(owner, name, attr, named.name);
    if (attr.kind === 'dynamiczone' && isUnionType(named)) {
      resolvers[named.name] = { __resolveType: (value: { __component?: string }) => runtime.model.components[value.__component ?? '']?.graphql.typeName };
    }
  }
  if (Object.keys(own).length > 0) resolvers[owner.typeName] = { ...(resolvers[owner.typeName] ?? {}), ...own };
}

/** Every generated resolver for `schema` (built from the published SDL). */
export function buildResolvers(runtime: GraphqlRuntime, schema: GraphQLSchema): IResolvers {
  const resolvers: Resolvers = {};
  for (const [name, scalar] of Object.entries(createScalars(runtime.model.config.i18n))) {
    if (isScalarType(schema.getType(name))) resolvers[name] = scalar as unknown as Record<string, unknown>;
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    if (!root) continue;
    const map: Record<string, unknown> = {};
    for (const field of Object.keys(root.getFields())) {
      const op = runtime.index.operations.get(`${root.name}.${field}`);
      const plugin = runtime.model.contentTypes[USER_UID] ? USERS_FIELDS[`${root.name}.${field}`] : undefined;
      map[field] = op
        ? operationResolver(op)
        : plugin
          ? plugin.resolve
          : () => {
            throw new NotImplementedError(`${root.name}.${field} is not served by quire`);
          };
    }
    resolvers[root.name] = map;
  }
  for (const owner of runtime.index.owners.values()) ownerResolvers(owner, schema, resolvers, runtime);
  if (isUnionType(schema.getType('GenericMorph'))) {
    resolvers.GenericMorph = {
      __resolveType: (value: { __typename?: string; __component?: string }) =>
        value.__typename ?? runtime.model.components[value.__component ?? '']?.graphql.typeName,
    };
  }
  const me = schema.getType('UsersPermissionsMe');
  if (runtime.model.contentTypes[USER_UID] && isObjectType(me) && me.getFields().role) resolvers.UsersPermissionsMe = { role: meRole };
  const file = schema.getType('UploadFile');
  if (isObjectType(file) && file.getFields().related) resolvers.UploadFile = { ...(resolvers.UploadFile ?? {}), related: () => [] };
  return resolvers as IResolvers;
}
