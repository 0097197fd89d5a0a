/**
 * compiler/model: the `strapi` APIs quire provides to a project's code, as data. The compiler checks
 * the code's uses of `strapi.*` against it (a use outside it makes `quire serve` refuse to start, naming
 * the file and the API); the engine's `strapi` object is built to the same table and names it in its
 * messages. Pure data.
 */

/** `strapi.<name>` -> the members quire provides under it (`'*'`: any, the project's own; `[]`: the value itself). */
export const STRAPI_API: Readonly<Record<string, readonly string[]>> = {
  log: ['info', 'warn', 'error', 'debug', 'trace', 'fatal'],
  config: ['get', 'has', 'environment'],
  service: ['*'],
  controller: ['*'],
  entityService: ['findMany', 'findOne', 'findPage', 'create', 'update', 'delete', 'count'],
  db: ['query'],
  query: ['*'],
  plugin: ['service'],
  contentType: ['*'],
  contentTypes: ['*'],
  components: ['*'],
  getModel: ['*'],
};

/** `strapi.db.query(uid).<method>` and `strapi.query(uid).<method>` */
export const DB_QUERY_METHODS = ['findMany', 'findOne', 'findPage', 'count', 'create', 'update', 'delete', 'updateMany', 'deleteMany'] as const;

/** `strapi.plugin(<plugin>).service(<service>).<method>` */
export const PLUGIN_SERVICES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'users-permissions': {
    user: ['fetch', 'fetchAll', 'fetchAuthenticatedUser', 'add', 'edit', 'remove', 'validatePassword'],
    jwt: ['issue', 'verify', 'getToken'],
  },
  email: { email: ['send'] },
};

/** One line listing what quire provides, for messages. */
export function supportedApis(): string {
  const top = Object.entries(STRAPI_API).map(([name, members]) =>
    members.length === 0 || members[0] === '*' ? `strapi.${name}` : `strapi.${name}.{${members.join(',')}}`);
  const plugins = Object.entries(PLUGIN_SERVICES).flatMap(([plugin, services]) =>
    Object.entries(services).map(([service, methods]) => `strapi.plugin('${plugin}').service('${service}').{${methods.join(',')}}`));
  return [...top, `strapi.db.query(uid).{${DB_QUERY_METHODS.join(',')}}`, ...plugins].join(', ');
}

/** One step of a `strapi.a.b('x').c` chain: a member name and, when it is called, its first argument if literal. */
export interface ApiStep {
  readonly name: string;
  readonly called: boolean;
  /** the first argument when it is a string literal */
  readonly arg?: string;
}

/**
 * Is this use of `strapi` provided? undefined when it is, else the API named as it should be reported.
 *   checkApiUse([{ name: 'store', called: true }]) -> 'strapi.store'
 *   checkApiUse([{ name: 'entityService', called: false }, { name: 'findMany', called: true }]) -> undefined
 */
export function checkApiUse(steps: readonly ApiStep[]): string | undefined {
  if (steps.length === 0) return undefined;
  const [first, second, third] = steps;
  if (!Object.hasOwn(STRAPI_API, first.name)) return `strapi.${first.name}`;
  const members = STRAPI_API[first.name];
  if (first.name === 'plugin') {
    if (first.arg === undefined) return undefined;
    const services = Object.hasOwn(PLUGIN_SERVICES, first.arg) ? PLUGIN_SERVICES[first.arg] : undefined;
    const plugin = `strapi.plugin('${first.arg}')`;
    if (!services) return plugin;
    if (!second) return undefined;
    if (second.name !== 'service') return `${plugin}.${second.name}`;
    if (second.arg === undefined) return undefined;
    const methods = Object.hasOwn(services, second.arg) ? services[second.arg] : undefined;
    if (!methods) return `${plugin}.service('${second.arg}')`;
    if (third && !methods.includes(third.name)) return `${plugin}.service('${second.arg}').${third.name}`;
    return undefined;
  }
  if (first.name === 'db') {
    if (!second) return undefined;
    if (second.name !== 'query') return `strapi.db.${second.name}`;
    if (third && !(DB_QUERY_METHODS as readonly string[]).includes(third.name)) return `strapi.db.query().${third.name}`;
    return undefined;
  }
  if (first.name === 'query') {
    if (second && !(DB_QUERY_METHODS as readonly string[]).includes(second.name)) return `strapi.query().${second.name}`;
    return undefined;
  }
  if (!second || members[0] === '*' || first.called) return undefined;
  return members.includes(second.name) ? undefined : `strapi.${first.name}.${second.name}`;
}
