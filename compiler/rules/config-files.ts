/** compiler/rules: config/api, plugins, permissions and i18n hold the keys quire reads, with the right types. */
import { parseHandler } from '../model/project-code.js';
import { durationSeconds } from '../model/duration.js';
import { ACTIONS } from '../model/types.js';
import { isObject, type Rule } from './rule-context.js';

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const configFiles: Rule = (ctx) => {
  const { api, plugins, permissions, i18n } = ctx.spec.config;
  if (api) {
    const rest = isObject(api.value) ? api.value.rest : undefined;
    if (!isObject(api.value)) ctx.report(api.file, '', 'must be an object');
    else if (rest !== undefined && !isObject(rest)) ctx.report(api.file, '/rest', '"rest" must be an object');
    else if (rest) {
      for (const key of ['defaultLimit', 'maxLimit'])
        if (rest[key] !== undefined && !(Number.isSafeInteger(rest[key]) && (rest[key] as number) > 0)) ctx.report(api.file, `/rest/${key}`, `rest.${key} must be a positive integer`);
      if (rest.withCount !== undefined && typeof rest.withCount !== 'boolean') ctx.report(api.file, '/rest/withCount', 'rest.withCount must be a boolean');
      if (rest.prefix !== undefined && (typeof rest.prefix !== 'string' || !/^\/[A-Za-z0-9_\-/]*$/.test(rest.prefix))) ctx.report(api.file, '/rest/prefix', 'rest.prefix must be a path such as "/api"');
      if (typeof rest.defaultLimit === 'number' && typeof rest.maxLimit === 'number' && rest.defaultLimit > rest.maxLimit)
        ctx.report(api.file, '/rest/defaultLimit', 'rest.defaultLimit is greater than rest.maxLimit');
    }
  }
  if (plugins) {
    const gql = isObject(plugins.value) && isObject(plugins.value.graphql) ? plugins.value.graphql : undefined;
    const config = gql && isObject(gql.config) ? gql.config : undefined;
    if (config) {
      for (const key of ['depthLimit', 'amountLimit'])
        if (config[key] !== undefined && !(Number.isSafeInteger(config[key]) && (config[key] as number) > 0)) ctx.report(plugins.file, `/graphql/config/${key}`, `${key} must be a positive integer`);
      for (const key of ['shadowCRUD', 'playgroundAlways'])
        if (config[key] !== undefined && typeof config[key] !== 'boolean') ctx.report(plugins.file, `/graphql/config/${key}`, `${key} must be a boolean`);
      if (config.endpoint !== undefined && (typeof config.endpoint !== 'string' || !/^\/[A-Za-z0-9_\-/]*$/.test(config.endpoint)))
        ctx.report(plugins.file, '/graphql/config/endpoint', 'endpoint must be a path such as "/graphql"');
    }
    const shadow = gql?.shadowCRUD;
    if (shadow !== undefined && !isObject(shadow)) ctx.report(plugins.file, '/graphql/shadowCRUD', 'shadowCRUD must be an object keyed by content-type uid');
    if (isObject(shadow))
      for (const [uid, opts] of Object.entries(shadow)) {
        const at = `/graphql/shadowCRUD/${uid}`;
        const ct = ctx.contentTypes.get(uid);
        if (!ct) {
          ctx.report(plugins.file, at, `unknown content-type "${uid}"`);
          continue;
        }
        if (!isObject(opts)) {
          ctx.report(plugins.file, at, 'must be an object');
          continue;
        }
        for (const [key, v] of Object.entries(opts)) {
          if (['disable', 'disableQueries', 'disableMutations'].includes(key)) {
            if (typeof v !== 'boolean') ctx.report(plugins.file, `${at}/${key}`, `${key} must be a boolean`);
          } else if (key === 'disableActions') {
            if (!Array.isArray(v) || v.some((a) => !(ACTIONS as readonly string[]).includes(a as string)))
              ctx.report(plugins.file, `${at}/${key}`, `disableActions must be an array of ${ACTIONS.join(', ')}`);
          } else if (key === 'fields') {
            if (!isObject(v)) ctx.report(plugins.file, `${at}/fields`, 'fields must be an object keyed by attribute name');
            else
              for (const [field, fo] of Object.entries(v)) {
                if (!ct.attributes[field]) ctx.report(plugins.file, `${at}/fields/${field}`, `"${field}" is not an attribute of ${uid}`);
                else if (!isObject(fo) || Object.entries(fo).some(([k, b]) => !['disable', 'disableOutput', 'disableInput', 'disableFilters'].includes(k) || typeof b !== 'boolean'))
                  ctx.report(plugins.file, `${at}/fields/${field}`, 'field options are booleans: disable, disableOutput, disableInput, disableFilters');
              }
          } else ctx.report(plugins.file, `${at}/${key}`, `unknown option "${key}" (disable, disableQueries, disableMutations, disableActions, fields)`);
        }
      }
  }
  const up = plugins && isObject(plugins.value) ? plugins.value['users-permissions'] : undefined;
  if (plugins && up !== undefined) {
    const config = isObject(up) ? up.config : undefined;
    if (!isObject(up) || (config !== undefined && !isObject(config))) ctx.report(plugins.file, '/users-permissions', '"users-permissions" must be an object {config: {...}}');
    else if (isObject(config)) {
      const jwt = config.jwt;
      if (jwt !== undefined && !isObject(jwt)) ctx.report(plugins.file, '/users-permissions/config/jwt', 'jwt must be an object {expiresIn}');
      else if (isObject(jwt) && jwt.expiresIn !== undefined && durationSeconds(jwt.expiresIn) === undefined)
        ctx.report(plugins.file, '/users-permissions/config/jwt/expiresIn', 'expiresIn must be seconds (a number) or a duration with a unit such as "30d" or "12h", between 1 second and 10 years');
      const role = config.defaultRole;
      const roles = new Set(['authenticated', 'public', ...(permissions && isObject(permissions.value) ? Object.keys(permissions.value) : [])]);
      if (role !== undefined && (typeof role !== 'string' || !roles.has(role)))
        ctx.report(plugins.file, '/users-permissions/config/defaultRole', `defaultRole must be a role type: ${[...roles].sort().join(', ')}`);
    }
  }
  if (permissions) {
    const v = permissions.value;
    // the actions of the project's custom routes (`api::article.article.findBySlug`) are permissions too
    const customActions = new Set(
      (ctx.spec.projectCode?.routers ?? []).flatMap((r) => (r.routes ?? []).map((route) => parseHandler(route.handler, r.api)).filter((h) => h !== undefined).map((h) => `${h.uid}.${h.action}`)),
    );
    if (!isObject(v)) ctx.report(permissions.file, '', 'must be an object: role type -> array of permission strings');
    else
      for (const [role, list] of Object.entries(v)) {
        if (!/^[a-z][a-z0-9-_]*$/.test(role)) ctx.report(permissions.file, `/${role}`, `role type "${role}" must be lower-case letters, digits, - and _`);
        if (!Array.isArray(list)) {
          ctx.report(permissions.file, `/${role}`, 'must be an array of permission strings');
          continue;
        }
        list.forEach((p, i) => {
          const problem = checkPermission(p, ctx.contentTypes);
          if (problem && !customActions.has(p as string)) ctx.report(permissions.file, `/${role}/${i}`, problem);
        });
      }
  }
  if (i18n) {
    const v = i18n.value;
    const locales = isObject(v) ? v.locales : undefined;
    if (!isObject(v)) ctx.report(i18n.file, '', 'must be an object {defaultLocale, locales}');
    else if (!Array.isArray(locales) || locales.length === 0 || locales.some((l) => typeof l !== 'string' || !LOCALE.test(l)))
      ctx.report(i18n.file, '/locales', 'locales must be a non-empty array of locale codes such as "en" or "fr-CA"');
    else if (typeof v.defaultLocale !== 'string' || !locales.includes(v.defaultLocale)) ctx.report(i18n.file, '/defaultLocale', 'defaultLocale must be one of locales');
  }
};

function checkPermission(p: unknown, contentTypes: Map<string, unknown>): string | undefined {
  if (typeof p !== 'string') return 'permission must be a string such as "api::article.article.find"';
  // plugin::documentation.contracts.read: reading private contracts (engine/contracts)
  if (/^plugin::(users-permissions|upload|i18n|documentation)\.[A-Za-z0-9-]+\.[A-Za-z]+$/.test(p)) return undefined;
  const m = /^(api::[a-z0-9-]+\.[a-z0-9-]+)\.([A-Za-z]+)$/.exec(p);
  if (!m) return `"${p}" is not a permission string (<uid>.<action>)`;
  if (!contentTypes.has(m[1])) return `"${p}": unknown content-type "${m[1]}"`;
  if (m[2] === 'createLocalization') {
    // the i18n plugin's POST /api/<plural>/:id/localizations
    const pluginOptions = (contentTypes.get(m[1]) as { schema?: { pluginOptions?: { i18n?: { localized?: unknown } } } }).schema?.pluginOptions;
    return pluginOptions?.i18n?.localized === true ? undefined : `"${p}": createLocalization needs a localized content-type`;
  }
  if (!(ACTIONS as readonly string[]).includes(m[2])) return `"${p}": unknown action "${m[2]}" (${ACTIONS.join(', ')}, createLocalization on localized types)`;
  return undefined;
}
