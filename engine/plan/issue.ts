/**
 * engine/plan: one validation issue in the shape Strapi puts under `details.errors`:
 * { path: ['sources', 0, 'title'], message, name: 'ValidationError' }. Write planners collect them
 * and throw ValidationError.of(issues) once, so a client sees every problem of a body at the same time.
 */
import type { ValidationIssue } from '../errors/errors.js';

/** `issue(['title'], 'title must be defined.')` -> { path: ['title'], message: ..., name: 'ValidationError' }. */
export function issue(path: readonly (string | number)[], message: string): ValidationIssue {
  return { path: [...path], message, name: 'ValidationError' };
}
