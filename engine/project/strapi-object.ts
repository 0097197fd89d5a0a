/**
 * engine/project: the `strapi` object project code receives (`({ strapi }) => ...`, and the global
 * `strapi`), with the APIs listed in compiler/model/strapi-api.ts: log, config, service / controller,
 * entityService, db.query, contentType(s), the users-permissions `user` and `jwt` services and the
 * email service. Data access goes through the action layer (entity-service.ts). Reading any other
 * member throws one line naming it and what quire provides; the build has already named every use
 * it could see, and `quire serve` refuses to start on them.
 */
import type { BaseLogger as Logger } from 'pino';
import type { Attribute, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { PLUGIN_SERVICES, supportedApis } from '../../compiler/model/strapi-api.js';
import type { ActionContext } from '../actions/action-context.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { ROLE_UID, USER_UID } from '../auth/uids.js';
import { createDbQuery, createEntityService } from './entity-service.js';

export class ProjectApiError extends Error {
  override readonly name = 'ProjectApiError';
}

/** A message as `strapi.plugin('email').service('email').send` was given it. */
export interface EmailMessage {
  readonly to?: unknown;
  readonly from?: unknown;
  readonly subject?: unknown;
  readonly text?: unknown;
  readonly html?: unknown;
  readonly [key: string]: unknown;
}

export interface StrapiDeps {
  readonly actions: ActionContext;
  readonly log: Logger;
  /** the project's config files as evaluated at start (`server`, `api`, `plugins`, its own) */
  readonly config: Record<string, unknown>;
  service(uid: string): unknown;
  controller(uid: string): unknown;
  /** delivers a message of the email service (absent: it is logged) */
  readonly sendEmail?: (message: EmailMessage) => Promise<void>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `get({ a: { b: 1 } }, 'a.b')` -> 1 */
function getPath(root: unknown, path: string | readonly string[]): unknown {
  const parts = typeof path === 'string' ? path.split('.') : path;
  let cur = root;
  for (const p of parts) {
    if (!isRecord(cur) || !Object.hasOwn(cur, p)) return undefined;
    cur = cur[p];
  }
  return cur;
}

/** An attribute as Strapi's schema writes it (`{ type: 'relation', relation, target }`). */
function strapiAttribute(attr: Attribute): Record<string, unknown> {
  const base = { ...(attr.private && { private: true }), ...(attr.required && { required: true }) };
  switch (attr.kind) {
    case 'scalar':
      return { type: attr.type, ...base };
    case 'relation':
      return { type: 'relation', relation: attr.relation, target: attr.target, ...(attr.inverse && { [attr.owner ? 'inversedBy' : 'mappedBy']: attr.inverse }), ...base };
    case 'media':
      return { type: 'media', multiple: attr.multiple, ...base };
    case 'component':
      return { type: 'component', component: attr.component, repeatable: attr.repeatable, ...base };
    case 'dynamiczone':
      return { type: 'dynamiczone', components: [...attr.components], ...base };
  }
}

/** `strapi.contentType(uid)`: the type as Strapi describes it. */
export function strapiContentType(model: NormalizedModel, uid: string): Record<string, unknown> | undefined {
  const ct: ContentType | undefined = model.contentTypes[uid];
  if (!ct) return undefined;
  return {
    uid: ct.uid,
    modelType: 'contentType',
    kind: ct.kind,
    modelName: ct.singularName,
    collectionName: ct.collectionName,
    globalId: ct.graphql.typeName,
    info: { singularName: ct.singularName, pluralName: ct.pluralName, displayName: ct.displayName, ...(ct.description && { description: ct.description }) },
    options: { draftAndPublish: ct.draftAndPublish },
    pluginOptions: ct.localized ? { i18n: { localized: true } } : {},
    attributes: Object.fromEntries(ct.order.map((name) => [name, strapiAttribute(ct.attributes[name])])),
  };
}

/** Reading a member quire does not provide: one line naming it and what is provided. */
function guarded<T extends object>(target: T, path: string): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol' || prop in t) return Reflect.get(t, prop, receiver);
      if (prop === 'then' || prop === 'toJSON') return undefined;
      throw new ProjectApiError(`${path}.${prop} is not provided by quire (quire provides ${supportedApis()})`);
    },
  });
}

function usersPermissions(deps: StrapiDeps, entityService: ReturnType<typeof createEntityService>) {
  const { actions } = deps;
  const withRole = { populate: ['role'] };
  const user = {
    fetch: (id: unknown, params?: unknown) => entityService.findOne(USER_UID, id, params),
    fetchAll: (params?: unknown) => entityService.findMany(USER_UID, params),
    fetchAuthenticatedUser: (id: unknown) => createDbQuery(actions, USER_UID).findOne({ where: { id }, populate: ['role'] }),
    async add(values: Record<string, unknown>) {
      const data: Record<string, unknown> = { provider: 'local', ...values };
      if (typeof data.password === 'string') data.password = await hashPassword(data.password);
      if (data.role === undefined) {
        const role = await createDbQuery(actions, ROLE_UID).findOne({ where: { type: actions.auth.defaultRole } });
        if (role) data.role = role.id;
      }
      return entityService.create(USER_UID, { data, ...withRole });
    },
    async edit(id: unknown, params: Record<string, unknown>) {
      const data: Record<string, unknown> = { ...(isRecord(params?.data) ? params.data : params) };
      if (typeof data.password === 'string') data.password = await hashPassword(data.password);
      return entityService.update(USER_UID, id, { data, ...withRole });
    },
    remove: (params: Record<string, unknown>) => createDbQuery(actions, USER_UID).delete({ where: params }),
    validatePassword: (password: string, hash: string) => verifyPassword(password, hash),
  };
  const jwt = {
    issue: (payload: { id?: unknown }) => actions.auth.jwt.issue(Number(payload?.id)),
    verify: async (token: string) => {
      const id = await actions.auth.jwt.verify(token);
      if (id === undefined) throw new ProjectApiError('Invalid token.');
      return { id };
    },
    getToken: (ctx: { request?: { headers?: Record<string, unknown> } }) => {
      const header = ctx?.request?.headers?.authorization;
      const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      return m ? actions.auth.jwt.verify(m[1]).then((id) => (id === undefined ? null : { id })) : null;
    },
  };
  return { user, jwt };
}

/** The `strapi` object of a project. */
export function createStrapi(deps: StrapiDeps): Record<string, unknown> {
  const { actions, log } = deps;
  const model = actions.model;
  const entityService = createEntityService(actions);
  const up = usersPermissions(deps, entityService);
  const email = {
    async send(message: EmailMessage) {
      if (deps.sendEmail) return deps.sendEmail(message);
      log.info({ email: { to: message.to, from: message.from, subject: message.subject } }, 'email (no email provider configured: logged, not sent)');
    },
  };
  const pluginServices: Record<string, Record<string, unknown>> = { 'users-permissions': up, email: { email } };
  const dbQuery = (uid: string) => {
    if (!model.contentTypes[uid]) throw new ProjectApiError(`strapi.db.query('${uid}'): no such content-type`);
    return guarded(createDbQuery(actions, uid), `strapi.db.query('${uid}')`);
  };
  const config = {
    get: (path: string | string[], fallback?: unknown) => {
      const parts = typeof path === 'string' ? path.split('.') : path;
      const value = parts[0] === 'plugin' ? getPath(deps.config.plugins, [parts[1], 'config', ...parts.slice(2)]) : getPath(deps.config, parts);
      return value === undefined ? fallback : value;
    },
    has: (path: string) => getPath(deps.config, path) !== undefined,
    environment: process.env.NODE_ENV ?? 'development',
  };
  const strapi = {
    log,
    config: guarded(config, 'strapi.config'),
    service: (uid: string) => deps.service(uid),
    controller: (uid: string) => deps.controller(uid),
    entityService: guarded(entityService, 'strapi.entityService'),
    db: guarded({ query: dbQuery }, 'strapi.db'),
    query: dbQuery,
    plugin(name: string) {
      const services = Object.hasOwn(PLUGIN_SERVICES, name) ? pluginServices[name] : undefined;
      if (!services) throw new ProjectApiError(`strapi.plugin('${name}') is not provided by quire (quire provides ${supportedApis()})`);
      return {
        service(service: string) {
          if (!Object.hasOwn(services, service)) throw new ProjectApiError(`strapi.plugin('${name}').service('${service}') is not provided by quire (quire provides ${supportedApis()})`);
          return guarded(services[service] as object, `strapi.plugin('${name}').service('${service}')`);
        },
      };
    },
    contentType: (uid: string) => strapiContentType(model, uid),
    getModel: (uid: string) => strapiContentType(model, uid),
    get contentTypes() {
      return Object.fromEntries(Object.keys(model.contentTypes).map((uid) => [uid, strapiContentType(model, uid)]));
    },
    get components() {
      return Object.fromEntries(Object.entries(model.components).map(([uid, c]) => [uid, { uid, category: c.category, collectionName: c.collectionName, info: { displayName: c.displayName }, attributes: Object.fromEntries(c.order.map((n) => [n, strapiAttribute(c.attributes[n])])) }]));
    },
  };
  return guarded(strapi, 'strapi');
}
