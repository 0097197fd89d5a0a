/**
 * engine/graphql door: the selection of a content read's root field -> the AnswerShape of its value
 * (engine/response/answer-shape.ts), as graphql-js would complete it: members in response order under
 * their response keys (fragments expanded, @skip/@include, one member per key), `__typename`, the
 * `data` / `attributes` wrappers, IDs as strings, Long, DateTime of timestamps, Time and enums in
 * GraphQL's forms, and a check on every non-null or enum field (the error graphql-js would raise).
 * A selection the shape cannot say (a field that is not an attribute, a field with its own resolver or
 * resolversConfig, a relation read with arguments other than the populate's, users-permissions
 * types) throws NotShaped: such a document is executed by graphql-js. Pure.
 */
import {
  getArgumentValues, getNamedType, isListType, isNonNullType, isObjectType,
  type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLObjectType, type GraphQLOutputType,
  type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import type { Attribute } from '../../compiler/model/types.js';
import { localizationsField } from '../plan/index.js';
import type { CheckStep, FieldCheck, Member, ValueForm } from '../response/answer-shape.js';
import { enumValueName } from './enum-values.js';
import { argumentsKey, type TagTree } from './loaded-entries.js';
import { SelectionReader } from './selection-populate.js';
import type { Owner, TypeIndex } from './type-index.js';

const SYSTEM_FIELDS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);
const FILE_UID = 'plugin::upload.file';

/** a selection the shapes do not say; the document is executed by graphql-js */
export class NotShaped extends Error {}

export interface Group {
  readonly key: string;
  readonly name: string;
  readonly nodes: FieldNode[];
}

/** the form GraphQL writes an attribute's value in, where it differs from the stored value's JSON */
function formOf(attr: Extract<Attribute, { kind: 'scalar' }>): ValueForm {
  switch (attr.type) {
    case 'biginteger':
      return 'long';
    case 'timestamp':
      return 'datetime';
    case 'time':
      return 'time';
    case 'enumeration':
      return 'enum';
    default:
      return 'json';
  }
}

/** what a value of `type` may be: null, and (a list) whether its items may be null */
function nullability(type: GraphQLOutputType): { nullable: boolean; list?: { nullableItems: boolean } } {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? { nullable, list: { nullableItems: !isNonNullType(inner.ofType) } } : { nullable };
}

/** An attribute of `owner`, or the `localizations` relation of a localized content-type. */
function attributeOf(owner: Owner, name: string): Attribute | undefined {
  if (Object.hasOwn(owner.schema.attributes, name)) return owner.schema.attributes[name];
  return name === 'localizations' && owner.kind === 'contentType' && owner.schema.localized ? localizationsField(owner.uid) : undefined;
}

export interface ShapeSource {
  readonly schema: GraphQLSchema;
  readonly index: TypeIndex;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variables: Readonly<Record<string, unknown>>;
  /** `Type.field` keys with their own resolver or a resolversConfig entry */
  readonly guarded: ReadonlySet<string>;
  /** may the requester `find` entries of this uid (relations to others answer no rows) */
  readonly canFind: (uid: string) => boolean;
}

/**
 * Reads one root field's selection into members, collecting the checks. One reader per root field:
 * `checks` are that field's.
 */
export class SelectionShape {
  private readonly reader: SelectionReader;
  readonly checks: FieldCheck[] = [];
  /** from the root field's value down to the member being read */
  private readonly steps: CheckStep[] = [];

  constructor(private readonly source: ShapeSource) {
    this.reader = new SelectionReader({ schema: source.schema, fragments: source.fragments, variableValues: source.variables }, source.index);
  }

  /** the fields of `sets` that apply to `typeName`, grouped by response key in first-seen order */
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
    const type = this.source.schema.getType(name);
    if (!isObjectType(type)) throw new NotShaped(`type ${name}`);
    return type;
  }

  private field(type: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> {
    const def = type.getFields()[name];
    if (!def) throw new NotShaped(`${type.name}.${name}`);
    if (this.source.guarded.has(`${type.name}.${name}`)) throw new NotShaped(`${type.name}.${name} has its own resolver or resolversConfig`);
    return def;
  }

  private static sets(group: Group): SelectionSetNode[] {
    return group.nodes.filter((n) => n.selectionSet).map((n) => n.selectionSet!);
  }

  /** `read` with the step of `group`'s value pushed */
  private under<T>(group: Group, def: GraphQLField<unknown, unknown>, read: () => T): T {
    this.steps.push({ key: group.key, ...nullability(def.type) });
    try {
      return read();
    } finally {
      this.steps.pop();
    }
  }

  private typename(group: Group, typeName: string): Member {
    return { kind: 'const', key: group.key, json: JSON.stringify(typeName) };
  }

  /**
   * `<X>EntityResponse(Collection)` / `<X>RelationResponseCollection`: `__typename`, `data`, `meta`.
   * At the root `data` is the read's rows; under a relation it is the relation's link (`field`),
   * none when the requester may not read the target (`visible` false).
   */
  wrapper(typeName: string, sets: readonly SelectionSetNode[], owner: Owner, tags: TagTree | undefined, at: { root: true } | { field: string; many: boolean; visible: boolean }): Member[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): Member => {
      if (g.name === '__typename') return this.typename(g, typeName);
      const def = this.field(type, g.name);
      const named = getNamedType(def.type).name;
      if (g.name === 'data') {
        return this.under(g, def, () => {
          if ('root' in at) return { kind: 'rows', key: g.key, members: this.entity(named, SelectionShape.sets(g), owner, tags) };
          const members = at.visible ? this.entity(named, SelectionShape.sets(g), owner, tags) : null;
          return { kind: 'link', key: g.key, field: at.field, many: at.many, members };
        });
      }
      if (g.name === 'meta' && 'root' in at) return this.under(g, def, () => ({ kind: 'object', key: g.key, members: this.meta(named, SelectionShape.sets(g)) }));
      throw new NotShaped(`${typeName}.${g.name}`);
    });
  }

  /** `ResponseCollectionMeta { pagination { total page pageSize pageCount } }` */
  private meta(typeName: string, sets: readonly SelectionSetNode[]): Member[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): Member => {
      if (g.name === '__typename') return this.typename(g, typeName);
      const def = this.field(type, g.name);
      if (g.name !== 'pagination') throw new NotShaped(`${typeName}.${g.name}`);
      const pagination = getNamedType(def.type).name;
      const inner = this.object(pagination);
      return {
        kind: 'object', key: g.key,
        members: this.groups(pagination, SelectionShape.sets(g)).map((p): Member => {
          if (p.name === '__typename') return this.typename(p, pagination);
          this.field(inner, p.name);
          if (p.name === 'total' || p.name === 'page' || p.name === 'pageSize' || p.name === 'pageCount') return { kind: 'page', key: p.key, value: p.name };
          throw new NotShaped(`${pagination}.${p.name}`);
        }),
      };
    });
  }

  /** `<X>Entity { id attributes { .. } }` */
  private entity(typeName: string, sets: readonly SelectionSetNode[], owner: Owner, tags: TagTree | undefined): Member[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): Member => {
      if (g.name === '__typename') return this.typename(g, typeName);
      const def = this.field(type, g.name);
      if (g.name === 'id') return { kind: 'id', key: g.key, text: true };
      if (g.name === 'attributes') return this.under(g, def, () => ({ kind: 'object', key: g.key, members: this.attributes(owner, owner.typeName, SelectionShape.sets(g), tags) }));
      throw new NotShaped(`${typeName}.${g.name}`);
    });
  }

  /** a scalar member, with its check when the schema may refuse its value */
  private scalar(g: Group, typeName: string, def: GraphQLField<unknown, unknown>, field: string, form: ValueForm, names?: Record<string, string>): Member {
    const nonNull = isNonNullType(def.type);
    const enumType = form === 'enum' ? getNamedType(def.type).name : undefined;
    let check: number | undefined;
    if (nonNull || enumType) {
      check = this.checks.length;
      this.checks.push({
        field: `${typeName}.${g.name}`, nonNull, ...(enumType && { enumType }),
        positions: g.nodes.map((n) => n.loc?.start ?? 0),
        steps: [...this.steps, { key: g.key, nullable: !nonNull }],
      });
    }
    return { kind: 'field', key: g.key, field, form, ...(names && { names }), ...(check !== undefined && { check }) };
  }

  /** the fields of a content-type or component type */
  attributes(owner: Owner, typeName: string, sets: readonly SelectionSetNode[], tags: TagTree | undefined): Member[] {
    const type = this.object(typeName);
    return this.groups(typeName, sets).map((g): Member => {
      if (g.name === '__typename') return this.typename(g, typeName);
      const def = this.field(type, g.name);
      const attr = attributeOf(owner, g.name);
      if (!attr) {
        if (g.name === 'id' && owner.kind === 'component') return { kind: 'id', key: g.key, text: true };
        if (SYSTEM_FIELDS.has(g.name) && owner.kind === 'contentType') return this.scalar(g, typeName, def, g.name, 'json');
        throw new NotShaped(`${typeName}.${g.name} is not an attribute`);
      }
      if (attr.kind === 'scalar') {
        if (attr.private) throw new NotShaped(`${typeName}.${g.name} is private`);
        const form = formOf(attr);
        const names = form === 'enum' ? Object.fromEntries((attr.enum ?? []).map((v) => [v, enumValueName(v)])) : undefined;
        return this.scalar(g, typeName, def, g.name, form, names);
      }
      const tag = tags?.[g.name];
      const args = getArgumentValues(def, g.nodes[0], this.source.variables as Record<string, unknown>);
      if (!tag || tag.key !== argumentsKey(args)) throw new NotShaped(`${typeName}.${g.name}: arguments other than the populate's`);
      const named = getNamedType(def.type).name;
      const sets2 = SelectionShape.sets(g);
      return this.under(g, def, (): Member => {
        switch (attr.kind) {
          case 'relation':
          case 'media': {
            const uid = attr.kind === 'media' ? FILE_UID : attr.target;
            if (uid.startsWith('plugin::users-permissions.')) throw new NotShaped(`relation to ${uid}`);
            const target = this.source.index.byUid.get(uid);
            if (!target) throw new NotShaped(`relation to ${uid}`);
            const many = attr.kind === 'media' ? attr.multiple : attr.toMany;
            const visible = attr.kind === 'media' || this.source.canFind(uid);
            return { kind: 'object', key: g.key, members: this.wrapper(named, sets2, target, tag.children, { field: g.name, many, visible }) };
          }
          case 'component': {
            const target = this.source.index.owners.get(named);
            if (!target) throw new NotShaped(`component ${named}`);
            return { kind: 'link', key: g.key, field: g.name, many: attr.repeatable, members: this.attributes(target, named, sets2, tag.children) };
          }
          case 'dynamiczone': {
            const items: Record<string, Member[]> = {};
            for (const uid of attr.components) {
              const target = this.source.index.byUid.get(uid);
              if (!target) throw new NotShaped(`component ${uid}`);
              items[uid] = this.attributes(target, target.typeName, sets2, tag.on?.[uid]);
            }
            return { kind: 'zone', key: g.key, field: g.name, items };
          }
          default:
            throw new NotShaped(`${typeName}.${g.name}`);
        }
      });
    });
  }
}
