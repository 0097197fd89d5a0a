/**
 * engine/plan: what the recursive body parsers share: the model (to reach components), whether the
 * entry is a draft (drafts skip required and minLength, as in Strapi), the issues collected so far,
 * and the parser of a whole object's data, which component items call back into (handed over here
 * rather than imported, so the parsers do not import each other in a circle).
 */
import type { Component, ContentType, NormalizedModel } from '../../compiler/model/types.js';
import type { MessagePath, ValidationIssue } from '../errors/index.js';
import type { WriteData } from './types.js';

export interface WriteContext {
  readonly model: NormalizedModel;
  readonly isDraft: boolean;
  readonly issues: ValidationIssue[];
  /** parse-write-data.ts's `parseWriteData`: a component's fields are parsed like an entry's */
  readonly parseData: (ctx: WriteContext, schema: ContentType | Component, data: Record<string, unknown>, mode: 'create' | 'update', path: MessagePath) => WriteData;
}
