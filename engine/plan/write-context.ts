/**
 * engine/plan: what the recursive body parsers share: the model (to reach components), whether the
 * entry is a draft (drafts skip required and minLength, as in Strapi), and the issues collected so far.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { ValidationIssue } from '../errors/index.js';

export interface WriteContext {
  readonly model: NormalizedModel;
  readonly isDraft: boolean;
  readonly issues: ValidationIssue[];
}
