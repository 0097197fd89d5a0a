/**
 * compiler/emit/graphql: what of the model the GraphQL schema exposes, after shadowCRUD
 * (plugins.json switches plus the plugins' own defaults), private attributes and disabled targets.
 * Takes the NormalizedModel, returns a read-only view; every emitter asks this view, never the raw options.
 */
import type { Action, Attribute, Component, ContentType, GraphqlTypeOptions, NormalizedModel } from '../../model/types.js';

interface PluginDefault {
  readonly queries?: false;
  readonly mutations?: false;
  readonly disabledActions?: readonly string[];
}

const CUD = ['create', 'update', 'delete'] as const;

/** What each plugin switches off on registration. */
export const PLUGIN_DEFAULTS: Readonly<Record<string, PluginDefault>> = {
  // selectable as a nested type and in filters, never queried or mutated directly
  'plugin::users-permissions.permission': { queries: false, mutations: false },
  // replaced by the plugin's own mutations (see emit-plugin-types)
  'plugin::users-permissions.role': { disabledActions: CUD },
  'plugin::users-permissions.user': { disabledActions: CUD },
  'plugin::i18n.locale': { mutations: false },
};

/** `pluginTypeOptions('plugin::i18n.locale', opts)` -> opts with `mutations: false`. */
export function pluginTypeOptions(uid: string, options: GraphqlTypeOptions): GraphqlTypeOptions {
  const d = PLUGIN_DEFAULTS[uid];
  if (!d) return options;
  return {
    ...options,
    queries: options.queries && d.queries !== false,
    mutations: options.mutations && d.mutations !== false,
    disabledActions: [...new Set([...options.disabledActions, ...(d.disabledActions ?? [])])].sort(),
  };
}

export type FieldUse = 'output' | 'input' | 'filters';
export type Owner = ContentType | Component;

export interface GraphqlView {
  readonly model: NormalizedModel;
  /** enabled content-types, sorted by uid */
  readonly contentTypes: readonly ContentType[];
  /** components, sorted by uid (none when shadowCRUD is off) */
  readonly components: readonly Component[];
  /** true when the content-type's GraphQL types exist */
  hasType(uid: string): boolean;
  /** attributes of `owner` exposed for `use`, in declared order */
  fields(owner: Owner, use: FieldUse): Attribute[];
  /** true when the query or mutation for `action` exists */
  hasAction(ct: ContentType, action: Action): boolean;
  /**
   * true when `<Name>Input` has a field: a type with no writable attribute and no draft and publish
   * gets no input type and its mutations no `data` argument (as the Strapi v4 GraphQL plugin does)
   */
  hasInput(ct: ContentType): boolean;
}

const UPLOAD_FILE = 'plugin::upload.file';
const QUERY_ACTIONS: readonly string[] = ['find', 'findOne'];

export const isContentType = (o: Owner): o is ContentType => 'kind' in o;

/** Build the view; `createGraphqlView(model).hasAction(article, 'create')` -> true for the example. */
export function createGraphqlView(model: NormalizedModel): GraphqlView {
  const on = model.config.graphql.shadowCRUD;
  const options = (ct: ContentType): GraphqlTypeOptions => pluginTypeOptions(ct.uid, ct.graphql.options);
  const contentTypes = on ? Object.values(model.contentTypes).filter((ct) => options(ct).enabled) : [];
  const enabled = new Set(contentTypes.map((ct) => ct.uid));
  const components = on ? Object.values(model.components) : [];
  const componentUids = new Set(components.map((c) => c.uid));

  const reachable = (a: Attribute, input: boolean): boolean => {
    switch (a.kind) {
      case 'scalar': return input || a.type !== 'password';
      case 'relation': return enabled.has(a.target);
      case 'media': return enabled.has(UPLOAD_FILE);
      case 'component': return componentUids.has(a.component);
      case 'dynamiczone': return a.components.some((c) => componentUids.has(c));
    }
  };

  const view: GraphqlView = {
    model,
    contentTypes,
    components,
    hasType: (uid) => enabled.has(uid),
    hasInput: (ct) => ct.draftAndPublish || view.fields(ct, 'input').length > 0,
    fields(owner, use) {
      const fieldOptions = isContentType(owner) ? options(owner).fields : {};
      return owner.order
        .map((name) => owner.attributes[name])
        // inputs take private attributes too (a user's password), as the Strapi v4 plugin's do; outputs never
        .filter((a): a is Attribute => a !== undefined && (use === 'input' || !a.private) && reachable(a, use === 'input'))
        .filter((a) => fieldOptions[a.name]?.[use] !== false)
        // Strapi has no filters for media fields or dynamic zones
        .filter((a) => use !== 'filters' || (a.kind !== 'media' && a.kind !== 'dynamiczone'));
    },
    hasAction(ct, action) {
      const o = options(ct);
      if (!enabled.has(ct.uid) || o.disabledActions.includes(action)) return false;
      return QUERY_ACTIONS.includes(action) ? o.queries : o.mutations;
    },
  };
  return view;
}
