/**
 * compiler/emit/openapi: the project's custom routes (`routes: [{ method, path, handler }]` in its
 * routers) as operations. quire cannot know what a controller of the project answers, so their
 * bodies are not described (any JSON); they carry `x-quire-custom: true`, their path parameters and
 * the permission they need, so `quire diff` sees a custom route added or removed. Pure.
 */
import type { NormalizedModel } from '../../model/types.js';
import { accessNote, addOperation, buildOperation } from './operation-builder.js';
import type { Schema } from './schema-names.js';

type Paths = Record<string, Record<string, Schema>>;

/** `api::article.article` -> the type's displayName when it is one, else `article.article`. */
function tagOf(model: NormalizedModel, uid: string): string {
  return model.contentTypes[uid]?.displayName ?? uid.slice('api::'.length);
}

/** Add every custom route of `model.project` to `paths`; one already claimed by a core or plugin route is left out. */
export function addCustomPaths(model: NormalizedModel, paths: Paths): void {
  const custom = model.project?.routes.filter((r) => !r.core) ?? [];
  const ids = new Set<string>();
  for (const route of custom) {
    if (paths[route.path]?.[route.method]) continue;
    const base = `${route.uid.slice('api::'.length)}.${route.action}`;
    const operationId = ids.has(base) ? `${base}.${route.method}` : base;
    ids.add(operationId);
    const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const permission = `${route.uid}.${route.action}`;
    const access = route.public ? 'Public route (`auth: false` in its router): no credentials are read.' : accessNote(model, permission);
    const op = buildOperation({
      tag: tagOf(model, route.uid),
      summary: `Custom route ${route.method.toUpperCase()} ${route.path}`,
      description: [`Served by the project's controller action ${permission} (${route.file}); its answer is not described.`, access].join('\n\n'),
      operationId,
      uid: route.uid,
      action: route.action,
      parameters: params,
      ...(['post', 'put', 'patch'].includes(route.method) && { requestBody: { content: { 'application/json': { schema: {} } } } }),
      success: {},
      successDescription: 'What the controller answers.',
      addressed: params.length > 0,
    });
    // the controller may answer any status (ctx.send(body, 201), ctx.throw(409)): any JSON
    const responses = { ...(op.responses as Record<string, Schema>), default: { description: 'Another status the controller answers.', content: { 'application/json': { schema: {} } } } };
    addOperation(paths, route.path, route.method, { ...op, responses, ...(route.public && { security: [] }), 'x-quire-custom': true });
  }
}
