/**
 * engine/errors: the one error hierarchy. Names and statuses match Strapi v4 so clients see the same
 * `{ data: null, error: { status, name, message, details } }`. Stages throw only QuireError subclasses;
 * anything else becomes a 500 InternalServerError with a fixed message (the original is logged, never sent).
 */

import { messages, validationIssue, type ValidationIssue } from './validation-catalog.js';

export type { ValidationIssue } from './validation-catalog.js';

export abstract class QuireError extends Error {
  abstract readonly status: number;
  constructor(message: string, readonly details: Record<string, unknown> = {}) {
    super(message);
  }
}

export class ApplicationError extends QuireError {
  override readonly name: string = 'ApplicationError';
  readonly status: number = 400;
}

export class ValidationError extends QuireError {
  override readonly name = 'ValidationError';
  readonly status = 400;
  /** One issue -> its message; several -> "N errors occurred", as Strapi does. */
  static of(issues: ValidationIssue[]): ValidationError {
    const message = issues.length === 1 ? issues[0].message : messages.errorsOccurred(issues.length);
    return new ValidationError(message, { errors: issues });
  }
}

/**
 * Page and offset pagination mixed in one read: a ValidationError as Strapi's REST answers it; the
 * GraphQL door answers it as Strapi's GraphQL does (a PaginationError in its own words).
 */
/**
 * A value the database's unique index refused (two writes of one value racing, or a check skipped):
 * Strapi's "This attribute must be unique" at the attribute's path. `field` lets an action answer in
 * its own words (register: "Email or Username are already taken") without reading the message.
 */
export class UniqueViolationError extends ValidationError {
  constructor(readonly field: string | undefined) {
    super(messages.unique(), { errors: [validationIssue(field ? [field] : [], messages.unique())] });
  }
}

export class MixedPaginationError extends ValidationError {
  constructor() {
    super(messages.paginationMixed());
  }
}

export class PaginationError extends QuireError {
  override readonly name = 'PaginationError';
  readonly status = 400;
}

export class UnauthorizedError extends QuireError {
  override readonly name = 'UnauthorizedError';
  readonly status = 401;
}

export class ForbiddenError extends QuireError {
  override readonly name = 'ForbiddenError';
  readonly status = 403;
}

export class NotFoundError extends QuireError {
  override readonly name = 'NotFoundError';
  readonly status = 404;
}

export class MethodNotAllowedError extends QuireError {
  override readonly name = 'MethodNotAllowedError';
  readonly status = 405;
}

export class PayloadTooLargeError extends QuireError {
  override readonly name = 'PayloadTooLargeError';
  readonly status = 413;
}

export class UnsupportedMediaTypeError extends QuireError {
  override readonly name = 'UnsupportedMediaTypeError';
  readonly status = 415;
}

export class RateLimitError extends QuireError {
  override readonly name = 'RateLimitError';
  readonly status = 429;
}

export class NotImplementedError extends QuireError {
  override readonly name = 'NotImplementedError';
  readonly status = 501;
}

export class ServiceUnavailableError extends QuireError {
  override readonly name = 'ServiceUnavailableError';
  readonly status = 503;
}

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** The one place an error becomes a response body. Non-QuireErrors never show their message. */
export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof QuireError) return { data: null, error: { status: err.status, name: err.name, message: err.message, details: err.details } };
  return { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } };
}

export function statusOf(err: unknown): number {
  return err instanceof QuireError ? err.status : 500;
}
