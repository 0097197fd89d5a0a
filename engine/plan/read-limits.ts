/**
 * engine/plan: pagination limits of a read: the caller's, else REST's `config.rest`. Pure.
 */
import type { NormalizedModel } from '../../compiler/model/types.js';
import type { PageLimits, ReadOptions } from './plan-options.js';

/** `readLimits(model, { canFind })` -> { defaultLimit: 25, maxLimit: 100, withCount: true } for the example. */
export function readLimits(model: NormalizedModel, options: ReadOptions): PageLimits {
  if (options.limits) return options.limits;
  const { defaultLimit, maxLimit, withCount } = model.config.rest;
  return { defaultLimit, maxLimit, withCount };
}
