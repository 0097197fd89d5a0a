/**
 * engine/plan: look up the content-type or component a plan is about. An unknown uid is a caller
 * bug on a route that should not exist, so it answers 404 like an unknown route. Pure.
 */
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import { NotFoundError } from '../errors/errors.js';

export type Schema = ContentType | Component;

/** `schemaOf(model, 'api::article.article')` -> the ContentType; components by uid too. */
export function schemaOf(model: NormalizedModel, uid: string, kinds: 'contentType' | 'any' = 'any'): Schema {
  if (Object.hasOwn(model.contentTypes, uid)) return model.contentTypes[uid];
  if (kinds === 'any' && Object.hasOwn(model.components, uid)) return model.components[uid];
  throw new NotFoundError('Not Found');
}
