/**
 * engine/graphql: a query document answered by the database alone. On PostgreSQL, each root field
 * of a `query` operation that is a shadowCRUD read of a content-type of the API (`articles`,
 * `article(id)`, a single type) is ONE statement whose text is that field's value as graphql-js
 * would serialize it (engine/repository/compiled-read/compile-graphql.ts, from the same plan as the
 * usual read and the shape of the selection built here); the texts are joined into `{"data":{..}}`
 * without parsing. Permissions, the row budget and the planner's checks run as for the usual path.
 * Anything else runs the usual way, counted in `repo.compiledReads.fallback` and logged at debug:
 * mutations, other databases, plugin types, fields with an extension's resolver or resolversConfig,
 * aliases of one relation with other arguments, a root field that fails (its error comes from the
 * usual path, byte for byte), a value the shape cannot write.
 */
import {
  getArgumentValues, getNamedType, getOperationAST, getVariableValues, isNonNullType, isObjectType,
  type ExecutionArgs, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLObjectType,
  type GraphQLResolveInfo, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import type { Attribute } from '../../compiler/model/types.js';
import { findEntriesText, findEntryText, type ReadExtras } from '../actions/entries.js';
import { localizationsField } from '../plan/index.js';
import type { GraphqlMember, GraphqlShape } from '../repository/compiled-read/compile-graphql.js';
import { enumValueName } from './enum-values.js';
import type { GraphqlContext } from './graphql-context.js';
import { graphqlPaging, graphqlQuery } from './graphql-query.js';
import { argumentsKey, type TagTree } from './loaded-entries.js';
import { oneQuery, selectionOf } from './read-entries.js';
import { RowBudget } from './row-budget.js';
import { SelectionReader } from './selection-populate.js';
import type { Owner } from './type-index.js';

const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);
/** shapes remembered per root field node and per variable values */
const SHAPES_PER_NODE = 16;

/** a selection this module does not answer; `reason` goes to the debug line */
class NotShaped extends Error {}

interface Group {
  readonly key: string;
  readonly name: string;
  readonly nodes: FieldNode[];
}

/**
 * The shape of one root field's selection. Walks fields as graphql-js collects them (fragments
 * expanded, @skip/@include, one member per response key in first-seen order) and refuses what the
 * generated resolvers would not answer from the root read: non-attribute fields, guarded fields,
 * a relation whose arguments differ from those the populate was built with (tags).
 */
class ShapeReader {
  private readonly reader: SelectionReader;
  /** the read permissions the shapes read so far depend on: uid -> may find */
  checks: [string, boolean][] = [];

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly ctx: GraphqlContext,
    private readonly variables: Record<string, unknown>,
    fragments: Record<string, FragmentDefinitionNode>,
    private readonly guarded: ReadonlySet<string>,
  ) {
    this.reader = new SelectionReader({ schema, fragments, variableValues: variables }, ctx.runtime.index);
  }

  groups(typeName: string, sets: readonly SelectionSetNode[]): Group[] {
    const byKey = new Map<string, Group>();
    for (const node of this.reader.fields(typeName, sets)) {
      const key = node.alias?.value ?? node.name.value;
      const group = byKey.get(key);
      if (group) group.nodes.push(node);
      else byKey.set(key, { key, name: node.name.value, nodes: [node] });
    }
    return [...byKey.values()];
  }

  private object(name: string): GraphQLObjectType {
    const type = this.schema.getType(name);
    if (!isObjectType(type)) throw new NotShaped(`type ${name}`);
    return type;
  }

  private field(type: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> {
    const def = type.getFields()[name];
    if (!def) throw new NotShaped(`${type.name}.${name}`);
    if (this.guarded.has(`${type.name}.${name}`)) throw new NotShaped(`${type.name}.${name} has its own resolver or resolversConfig`);
    return def;
  }

  private static sets(group: Group): SelectionSetNode[] {
    return group.nodes.filter((n) => n.selectionSet).map((n) => n.selectionSet!);
  }

  /** `<X>EntityResponse(Collection)` / `<X>RelationResponseCollection`: `__typename`, `data`, `meta` */
  wrapper(typeName: string, sets: readonly SelectionSetNode[], owner: Owner, tags: TagTree | undefined, visible = true): GraphqlMember[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): GraphqlMember => {
      if (g.name === '__typename') return { key: g.key, kind: 'text', json: JSON.stringify(typeName) };
      const def = this.field(type, g.name);
      const named = getNamedType(def.type).name;
      if (g.name === 'data') return { key: g.key, kind: 'entities', members: visible ? this.entity(named, ShapeReader.sets(g), owner, tags) : null };
      if (g.name === 'meta') return { key: g.key, kind: 'object', members: this.meta(named, ShapeReader.sets(g)) };
      throw new NotShaped(`${typeName}.${g.name}`);
    });
  }

  /** `ResponseCollectionMeta { pagination { total page pageSize pageCount } }` */
  private meta(typeName: string, sets: readonly SelectionSetNode[]): GraphqlMember[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): GraphqlMember => {
      if (g.name === '__typename') return { key: g.key, kind: 'text', json: JSON.stringify(typeName) };
      const def = this.field(type, g.name);
      if (g.name === 'pagination') return { key: g.key, kind: 'object', members: this.pagination(getNamedType(def.type).name, ShapeReader.sets(g)) };
      throw new NotShaped(`${typeName}.${g.name}`);
    });
  }

  private pagination(typeName: string, sets: readonly SelectionSetNode[]): GraphqlMember[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): GraphqlMember => {
      if (g.name === '__typename') return { key: g.key, kind: 'text', json: JSON.stringify(typeName) };
      this.field(type, g.name);
      if (g.name === 'total' || g.name === 'page' || g.name === 'pageSize' || g.name === 'pageCount') return { key: g.key, kind: 'page', value: g.name };
      throw new NotShaped(`${typeName}.${g.name}`);
    });
  }

  /** `<X>Entity { id attributes { .. } }` */
  private entity(typeName: string, sets: readonly SelectionSetNode[], owner: Owner, tags: TagTree | undefined): GraphqlMember[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): GraphqlMember => {
      if (g.name === '__typename') return { key: g.key, kind: 'text', json: JSON.stringify(typeName) };
      this.field(type, g.name);
      if (g.name === 'id') return { key: g.key, kind: 'id' };
      if (g.name === 'attributes') return { key: g.key, kind: 'object', members: this.attributes(owner, owner.typeName, ShapeReader.sets(g), tags) };
      throw new NotShaped(`${typeName}.${g.name}`);
    });
  }

  /** the fields of a content-type or component type */
  attributes(owner: Owner, typeName: string, sets: readonly SelectionSetNode[], tags: TagTree | undefined): GraphqlMember[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): GraphqlMember => {
      if (g.name === '__typename') return { key: g.key, kind: 'text', json: JSON.stringify(typeName) };
      const def = this.field(type, g.name);
      const attr = attributeOf(owner, g.name);
      if (!attr) {
        if (g.name === 'id' && owner.kind === 'component') return { key: g.key, kind: 'id' };
        if (SYSTEM_FIELDS.has(g.name) && owner.kind === 'contentType') return { key: g.key, kind: 'scalar', field: g.name, nonNull: isNonNullType(def.type) };
        throw new NotShaped(`${typeName}.${g.name} is not an attribute`);
      }
      if (attr.kind === 'scalar') {
        if (attr.private) throw new NotShaped(`${typeName}.${g.name} is private`);
        const enumNames = attr.type === 'enumeration' ? Object.fromEntries((attr.enum ?? []).map((v) => [v, enumValueName(v)])) : undefined;
        return { key: g.key, kind: 'scalar', field: g.name, nonNull: isNonNullType(def.type), ...(enumNames && { enumNames }) };
      }
      const tag = tags?.[g.name];
      const args = getArgumentValues(def, g.nodes[0], this.variables);
      if (!tag || tag.key !== argumentsKey(args)) throw new NotShaped(`${typeName}.${g.name}: arguments other than the populate's`);
      const named = getNamedType(def.type).name;
      const sets2 = ShapeReader.sets(g);
      switch (attr.kind) {
        case 'relation':
        case 'media': {
          const uid = attr.kind === 'media' ? 'plugin::upload.file' : attr.target;
          if (uid.startsWith('plugin::users-permissions.')) throw new NotShaped(`relation to ${uid}`);
          const target = this.ctx.runtime.index.byUid.get(uid);
          if (!target) throw new NotShaped(`relation to ${uid}`);
          const visible = attr.kind === 'media' || this.ctx.canFind(uid);
          if (attr.kind === 'relation') this.checks.push([uid, visible]);
          return { key: g.key, kind: 'link', field: g.name, members: this.wrapper(named, sets2, target, tag.children, visible) };
        }
        case 'component': {
          const target = this.ctx.runtime.index.owners.get(named);
          if (!target) throw new NotShaped(`component ${named}`);
          return { key: g.key, kind: 'component', field: g.name, members: this.attributes(target, named, sets2, tag.children) };
        }
        case 'dynamiczone': {
          const items: Record<string, GraphqlMember[]> = {};
          for (const uid of attr.components) {
            const target = this.ctx.runtime.index.byUid.get(uid);
            if (!target) throw new NotShaped(`component ${uid}`);
            items[uid] = this.attributes(target, target.typeName, sets2, tag.on?.[uid]);
          }
          return { key: g.key, kind: 'zone', field: g.name, items };
        }
        default:
          throw new NotShaped(`${typeName}.${g.name}`);
      }
    });
  }
}

/** the variables as JSON; undefined when they do not serialize (then nothing is remembered) */
function jsonKey(values: Record<string, unknown>): string | undefined {
  try {
    return JSON.stringify(values);
  } catch {
    return undefined;
  }
}

/** An attribute of `owner`, or the `localizations` relation of a localized content-type. */
function attributeOf(owner: Owner, name: string): Attribute | undefined {
  if (Object.hasOwn(owner.schema.attributes, name)) return owner.schema.attributes[name];
  return name === 'localizations' && owner.kind === 'contentType' && owner.schema.localized ? localizationsField(owner.uid) : undefined;
}

export interface CompiledDocuments {
  /** the whole answer's text, `{"data":{..}}`, or undefined: execute the document the usual way */
  answer(args: ExecutionArgs): Promise<string | undefined>;
}

/**
 * `guarded`: `Type.field` keys with an extension resolver or a resolversConfig entry (their auth,
 * middlewares and policies run only on the usual path).
 */
export function compiledDocuments(schema: GraphQLSchema, guarded: ReadonlySet<string>): CompiledDocuments {
  const query = schema.getQueryType();
  // shapes per root field node (documents are cached: document-cache.ts) and variables, with the
  // read permissions each depends on (a requester who may read other types gets a shape of their own)
  const known = new WeakMap<FieldNode, Map<string, { shape: GraphqlShape; checks: readonly [string, boolean][] }[]>>();
  const shapeOf = (ctx: GraphqlContext, node: FieldNode, variables: string | undefined, build: () => GraphqlShape, reader: ShapeReader): GraphqlShape => {
    if (variables === undefined) return build();
    let byVariables = known.get(node);
    const kept = byVariables?.get(variables)?.find((k) => k.checks.every(([uid, may]) => ctx.canFind(uid) === may));
    if (kept) return kept.shape;
    reader.checks = [];
    const shape = build();
    if (!byVariables) known.set(node, (byVariables = new Map()));
    if (byVariables.size >= SHAPES_PER_NODE) byVariables.clear();
    const list = byVariables.get(variables) ?? [];
    if (list.length >= SHAPES_PER_NODE) list.length = 0;
    list.push({ shape, checks: reader.checks });
    byVariables.set(variables, list);
    return shape;
  };

  async function answer(args: ExecutionArgs): Promise<string | undefined> {
    const ctx = args.contextValue as GraphqlContext;
    const { actions } = ctx.runtime;
    const fallback = (reason: string): undefined => {
      actions.repo.compiledReads.fallback++;
      actions.log?.debug({ reason }, 'graphql document not compiled to one statement per root field');
      return undefined;
    };
    if (actions.repo.dialect !== 'postgres') return fallback(`${actions.repo.dialect} database`);
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation || !query) return undefined; // graphql-js answers the error
    if (operation.operation !== 'query') return fallback(operation.operation);
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 50 });
    if (coerced.errors) return undefined;
    const variables = coerced.coerced;
    const variablesKey = jsonKey(variables);
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of args.document.definitions) if (d.kind === 'FragmentDefinition') fragments[d.name.value] = d;
    const shapes = new ShapeReader(schema, ctx, variables, fragments, guarded);
    // a fresh budget: when the document falls back, the usual path charges the request's own
    const rows = ctx.rows && new RowBudget(ctx.rows.limit);
    const extras: ReadExtras = { ...graphqlPaging(ctx.model), ...(rows && { inspect: (plan) => rows.chargePlan(plan) }) };
    let reads: (() => Promise<string | undefined>)[];
    try {
      reads = shapes.groups(query.name, [operation.selectionSet]).map((g) => {
        if (g.name === '__typename') return async () => JSON.stringify(query.name);
        const op = ctx.runtime.index.operations.get(`${query.name}.${g.name}`);
        if (!op || !op.uid.startsWith('api::') || (op.action !== 'find' && op.action !== 'findOne')) throw new NotShaped(`${query.name}.${g.name}`);
        if (guarded.has(op.key)) throw new NotShaped(`${op.key} has its own resolver or resolversConfig`);
        const list = op.action === 'find' && !op.single;
        if (actions.hooks?.has(op.uid, list ? 'findMany' : 'findOne')) throw new NotShaped(`${op.uid} has lifecycle hooks`);
        // the usual path answers a requester without the permission (ForbiddenError)
        if (!ctx.can(op.uid, op.action)) throw new NotShaped(`${op.key} not permitted`);
        const def = query.getFields()[g.name];
        const fieldArgs = getArgumentValues(def, g.nodes[0], variables);
        const info = { schema, fragments, variableValues: variables, fieldNodes: g.nodes, returnType: def.type } as unknown as GraphQLResolveInfo;
        const read = selectionOf(ctx, op.uid, info);
        const owner = ctx.runtime.index.byUid.get(op.uid)!;
        const sets = g.nodes.filter((n) => n.selectionSet).map((n) => n.selectionSet!);
        const build = (): GraphqlShape => ({ members: shapes.wrapper(getNamedType(def.type).name, sets, owner, read.tags) });
        // one node per response key: a key merged from several nodes is read anew
        const shape = shapeOf(ctx, g.nodes[0], g.nodes.length === 1 ? variablesKey : undefined, build, shapes);
        if (list) return () => findEntriesText(actions, ctx.caller, op.uid, graphqlQuery(fieldArgs, read, read.meta), extras, shape);
        const id = op.action === 'findOne' ? (fieldArgs.id ?? undefined) : undefined;
        return () => findEntryText(actions, ctx.caller, op.uid, id, oneQuery(fieldArgs, read), extras, shape);
      });
    } catch (err) {
      return fallback(err instanceof Error ? err.message : String(err));
    }
    const keys = shapes.groups(query.name, [operation.selectionSet]).map((g) => g.key);
    let texts: (string | undefined)[];
    try {
      texts = await Promise.all(reads.map((r) => r()));
    } catch (err) {
      // the usual path answers the error as it always does
      return fallback(err instanceof Error ? err.message : String(err));
    }
    if (texts.some((t) => t === undefined)) return undefined; // counted by the repository (or lifecycle hooks)
    return `{"data":{${keys.map((k, i) => `${JSON.stringify(k)}:${texts[i]}`).join(',')}}}`;
  }

  return { answer };
}
