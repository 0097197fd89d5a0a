/**
 * compiler/emit/openapi: NormalizedModel -> the OpenAPI 3.0.3 document of the REST Content API. Pure:
 * no fs, clock or randomness; paths and component names are sorted, so the same model always gives a
 * deep-equal document. The parts are built by the sibling modules; this file only assembles them.
 */
import type { NormalizedModel } from '../../model/types.js';
import { addContentTypePaths, contentTypeTags } from './content-type-paths.js';
import { addCustomPaths } from './custom-paths.js';
import { filterComponentSchemas } from './filter-schemas.js';
import { inputComponentSchemas } from './input-schemas.js';
import { normalizePrefix } from './operation-builder.js';
import { queryComponentSchemas } from './query-parameters.js';
import { reachableTypes } from './reachable-types.js';
import { relationInputSchemas } from './relation-input-schemas.js';
import { responseComponentSchemas } from './entry-schemas.js';
import { MEDIA_UID, USER_UID, type Schema } from './schema-names.js';
import { SECURITY_SCHEME, securitySchemes, sharedParameters, sharedResponses, sharedSchemas } from './shared-components.js';
import { addI18nPaths, localizedTypes } from './i18n-paths.js';
import { addUploadPaths, uploadSchemas } from './upload-paths.js';
import { addRolesPaths, addUsersPermissionsPaths, rolesSchemas, usersPermissionsSchemas } from './users-permissions-paths.js';

export const GENERATED_BY = 'quire build; do not edit';

const byKey = <T>(entries: Iterable<[string, T]>): Record<string, T> =>
  Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Collect component schemas, refusing a name twice (two types mapping to one name is a compiler bug). */
function collectSchemas(groups: [string, Schema][][]): Record<string, Schema> {
  const all = new Map<string, Schema>();
  for (const group of groups) {
    for (const [name, schema] of group) {
      if (all.has(name)) throw new Error(`emitOpenApi: two schemas are named ${name}`);
      all.set(name, schema);
    }
  }
  return byKey(all);
}

/**
 * The whole document. `emitOpenApi(model).paths['/api/articles'].get.operationId` -> `'article.find'`,
 * with `'x-quire': { uid: 'api::article.article', action: 'find' }` beside it.
 */
export function emitOpenApi(model: NormalizedModel): Record<string, unknown> {
  const prefix = normalizePrefix(model.config.rest.prefix);
  const reach = reachableTypes(model);
  const hasUser = model.contentTypes[USER_UID] !== undefined;
  const hasUpload = model.contentTypes[MEDIA_UID] !== undefined;

  const schemas = collectSchemas([
    sharedSchemas(model),
    relationInputSchemas(),
    responseComponentSchemas(model, reach),
    inputComponentSchemas(model, reach),
    filterComponentSchemas(model, reach),
    queryComponentSchemas(model, reach),
    hasUser ? usersPermissionsSchemas(model) : [],
    hasUser ? rolesSchemas() : [],
    hasUpload ? uploadSchemas() : [],
  ]);

  const paths: Record<string, Record<string, Schema>> = {};
  addContentTypePaths(model, prefix, reach.apiTypes, paths);
  addUsersPermissionsPaths(model, prefix, paths);
  addRolesPaths(model, prefix, paths);
  addUploadPaths(model, prefix, paths);
  addI18nPaths(model, prefix, reach.apiTypes, paths);
  addCustomPaths(model, paths);

  const tagEntries = contentTypeTags(model, reach.apiTypes);
  if (hasUser) tagEntries.push([model.contentTypes[USER_UID].displayName, 'Users-permissions plugin: authentication and users (flat answers).']);
  if (hasUser && model.contentTypes['plugin::users-permissions.role']) tagEntries.push(['Role', 'Users-permissions plugin: roles and their permissions (flat answers).']);
  if (hasUpload) tagEntries.push([model.contentTypes[MEDIA_UID].displayName, 'Upload plugin: media files (flat answers).']);
  if (localizedTypes(model, reach.apiTypes).length > 0) tagEntries.push(['Internationalization', 'i18n plugin: the configured locales (flat answer).']);
  const tags = new Map<string, string>();
  for (const [name, description] of tagEntries) if (!tags.has(name)) tags.set(name, description);

  const doc = {
    openapi: '3.0.3',
    info: {
      title: 'quire Content API',
      version: '1.0.0',
      description: 'REST Content API compiled from Strapi v4 content-types. Responses use the {data, meta} envelope, '
        + 'except the users-permissions and upload plugin routes, which answer flat. Content-types are private by default: '
        + 'send a bearer JWT or API token unless the public role is granted the action.',
      'x-generated-by': GENERATED_BY,
    },
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths: byKey(Object.entries(paths)),
    components: {
      schemas,
      responses: sharedResponses(),
      parameters: sharedParameters(),
      securitySchemes: securitySchemes(prefix),
    },
    security: [{ [SECURITY_SCHEME]: [] }],
  };
  // the modules share constant sub-schemas by reference; give callers a tree without shared nodes,
  // since tools that dereference in place (openapi-backend's quick mode) skip an object seen twice
  return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
}
