/**
 * engine/graphql door: a GraphQL selection set -> the populate of the read's typed query, so a list with nested
 * relations is read with one query per relation per level (the repository's populate), never one
 * per entry. Walks fields as execution will (fragments expanded, @skip/@include honoured) and returns
 * the populate request plus the tags saying which argument set each attribute was loaded with.
 * A second argument set for the same attribute (aliases) is left to the on-demand loaders.
 */
import {
  getArgumentValues, getDirectiveValues, getNamedType, GraphQLIncludeDirective, GraphQLSkipDirective, isAbstractType,
  isObjectType, Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLObjectType, type GraphQLSchema,
  type SelectionNode, type SelectionSetNode,
} from 'graphql';
import type { Attribute } from '../../compiler/model/types.js';
import { localizationsField } from '../plan/index.js';
import type { PopulateNode, PopulateQuery } from '../request/parsed-query.js';
import { graphqlPopulateNode } from './graphql-query.js';
import { argumentsKey, type LoadedTag, type TagTree } from './loaded-entries.js';
import type { Owner, TypeIndex } from './type-index.js';

const UPLOAD_FILE = 'plugin::upload.file';

export interface PopulateRead {
  /** the populate of the read's typed query */
  readonly populate: PopulateQuery;
  readonly tags: TagTree;
  /** the planner's `fields`: the scalars selected, when reading only those is safe (see `narrowable`) */
  readonly fields?: readonly string[];
}

/** system fields an entity type exposes besides its attributes */
const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);

/**
 * May a read of `owner` select only the scalars the document selects? Yes for content-types whose
 * scalar and system fields all use the default resolver (no extension resolver may read an attribute
 * the document did not select); components are always read whole.
 */
function narrowable(owner: Owner, type: GraphQLObjectType): boolean {
  if (owner.kind !== 'contentType') return false;
  return Object.values(type.getFields()).every((f) => {
    const attr = Object.hasOwn(owner.schema.attributes, f.name) ? owner.schema.attributes[f.name] : undefined;
    return !(SYSTEM_FIELDS.has(f.name) || attr?.kind === 'scalar') || f.resolve === undefined;
  });
}

/** What `info` offers the reader: the document's fragments and the request's variables. */
export interface SelectionSource {
  readonly schema: GraphQLSchema;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variableValues: Readonly<Record<string, unknown>>;
}

type Group = { key: string; args: Record<string, unknown>; nodes: FieldNode[] };

export class SelectionReader {
  constructor(private readonly source: SelectionSource, private readonly index: TypeIndex) {}

  /** Field nodes that apply to `typeName` in `sets`, named fragments and inline fragments expanded. */
  fields(typeName: string, sets: readonly SelectionSetNode[]): FieldNode[] {
    const out: FieldNode[] = [];
    const seen = new Set<string>();
    const visit = (set: SelectionSetNode) => {
      for (const s of set.selections) {
        if (!this.included(s)) continue;
        if (s.kind === Kind.FIELD) out.push(s);
        else if (s.kind === Kind.INLINE_FRAGMENT) {
          if (!s.typeCondition || this.applies(s.typeCondition.name.value, typeName)) visit(s.selectionSet);
        } else {
          const name = s.name.value;
          const fragment = this.source.fragments[name];
          if (!fragment || seen.has(name) || !this.applies(fragment.typeCondition.name.value, typeName)) continue;
          seen.add(name);
          visit(fragment.selectionSet);
        }
      }
    };
    for (const set of sets) visit(set);
    return out;
  }

  /** Selection sets of the fields called `name` of `typeName`. */
  sub(typeName: string, sets: readonly SelectionSetNode[], name: string): SelectionSetNode[] {
    return this.fields(typeName, sets).filter((f) => f.name.value === name && f.selectionSet).map((f) => f.selectionSet!);
  }

  /** true when a field called `name` is selected (e.g. `meta`, to decide whether to count). */
  selects(typeName: string, sets: readonly SelectionSetNode[], name: string): boolean {
    return this.fields(typeName, sets).some((f) => f.name.value === name);
  }

  /** `<X>EntityResponse`, `...Collection`, `<X>RelationResponseCollection` -> data -> `<X>Entity` -> attributes. */
  attributeSets(wrapperTypeName: string, sets: readonly SelectionSetNode[]): SelectionSetNode[] {
    const wrapper = this.objectType(wrapperTypeName);
    const dataField = wrapper?.getFields().data;
    if (!dataField) return [];
    const entityName = getNamedType(dataField.type).name;
    return this.sub(entityName, this.sub(wrapperTypeName, sets, 'data'), 'attributes');
  }

  /** The populate request and tags for the attributes of `owner` selected in `sets`. */
  read(owner: Owner, sets: readonly SelectionSetNode[]): PopulateRead {
    const populate: Record<string, PopulateNode> = {};
    const tags: Record<string, LoadedTag> = {};
    const type = this.objectType(owner.typeName);
    if (!type || sets.length === 0) return { populate, tags };
    const groups = new Map<string, Group>();
    const scalars = new Set<string>();
    // a field that is neither an attribute nor a system field (an extension's) may read anything
    let narrow = narrowable(owner, type);
    for (const node of this.fields(owner.typeName, sets)) {
      const name = node.name.value;
      const attr = attributeOf(owner, name);
      const def = type.getFields()[name];
      if (name.startsWith('__')) continue;
      if (!attr) {
        if (SYSTEM_FIELDS.has(name)) scalars.add(name);
        else narrow = false;
        continue;
      }
      if (attr.kind === 'scalar') {
        if (attr.private) narrow = false;
        else scalars.add(name);
        continue;
      }
      if (!def) continue;
      const args = getArgumentValues(def, node, this.source.variableValues as Record<string, unknown>);
      const key = argumentsKey(args);
      const group = groups.get(name);
      if (!group) groups.set(name, { key, args, nodes: [node] });
      else if (group.key === key) group.nodes.push(node);
    }
    for (const [name, group] of groups) {
      const fieldType = getNamedType(type.getFields()[name].type).name;
      const attr = attributeOf(owner, name)!;
      const entry = this.attribute(attr, fieldType, group);
      if (!entry) continue;
      populate[name] = entry.request;
      tags[name] = entry.tag;
    }
    return narrow ? { populate, tags, fields: [...scalars] } : { populate, tags };
  }

  /** One attribute with its arguments: the populate request under its name, and its tag. */
  attribute(attr: Attribute, fieldTypeName: string, group: Group): { request: PopulateNode; tag: LoadedTag } | undefined {
    const sets = group.nodes.filter((n) => n.selectionSet).map((n) => n.selectionSet!);
    const args = withoutNulls(group.args);
    const request = graphqlPopulateNode(args);
    switch (attr.kind) {
      case 'relation':
      case 'media': {
        const target = this.index.byUid.get(attr.kind === 'media' ? UPLOAD_FILE : attr.target);
        if (!target) return undefined;
        const child = this.read(target, this.attributeSets(fieldTypeName, sets));
        const state = request.publicationState;
        return {
          request: { ...request, ...(child.fields && { fields: child.fields }), ...(nonEmpty(child.populate) && { populate: child.populate }) },
          tag: { key: group.key, children: child.tags, ...(state && { state }) },
        };
      }
      case 'component': {
        const target = this.index.owners.get(fieldTypeName);
        if (!target) return undefined;
        const child = this.read(target, sets);
        return { request: { ...request, ...(nonEmpty(child.populate) && { populate: child.populate }) }, tag: { key: group.key, children: child.tags } };
      }
      case 'dynamiczone': {
        const on: Record<string, PopulateNode> = {};
        const onTags: Record<string, TagTree> = {};
        for (const uid of attr.components) {
          const component = this.index.byUid.get(uid);
          if (!component) continue;
          const child = this.read(component, sets);
          onTags[uid] = child.tags;
          // every component type comes back over GraphQL (fragments only choose fields); a REST
          // `on` that names some types returns only those, so each type is named here
          on[uid] = nonEmpty(child.populate) ? { populate: child.populate } : {};
        }
        return { request: { on }, tag: { key: group.key, on: onTags } };
      }
      default:
        return undefined;
    }
  }

  private objectType(name: string): GraphQLObjectType | undefined {
    const type = this.source.schema.getType(name);
    return isObjectType(type) ? type : undefined;
  }

  private applies(condition: string, typeName: string): boolean {
    if (condition === typeName) return true;
    const cond = this.source.schema.getType(condition);
    const type = this.source.schema.getType(typeName);
    return cond !== undefined && isAbstractType(cond) && isObjectType(type) && this.source.schema.isSubType(cond, type);
  }

  private included(node: SelectionNode): boolean {
    const vars = this.source.variableValues as Record<string, unknown>;
    const skip = getDirectiveValues(GraphQLSkipDirective, node, vars);
    if (skip?.if === true) return false;
    const include = getDirectiveValues(GraphQLIncludeDirective, node, vars);
    return include?.if !== false;
  }
}

/** An attribute of `owner`, or the `localizations` relation of a localized content-type. */
function attributeOf(owner: Owner, name: string): Attribute | undefined {
  if (Object.hasOwn(owner.schema.attributes, name)) return owner.schema.attributes[name];
  return name === 'localizations' && owner.kind === 'contentType' && owner.schema.localized ? localizationsField(owner.uid) : undefined;
}

function nonEmpty(value: object): boolean {
  return Object.keys(value).length > 0;
}

/** GraphQL hands absent optional arguments over as absent and explicit nulls as null: drop both. */
function withoutNulls(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));
}
