/**
 * engine/project: the error classes of `require('@strapi/utils').errors`, as project code throws them
 * (`throw new ApplicationError('Not allowed', { id })`). Each is a QuireError of the same name and
 * status, so the one error catch of the request lifecycle answers it with Strapi's envelope.
 */
import * as quire from '../errors/index.js';

/** Strapi's `PolicyError`: a 403 ForbiddenError named PolicyError, "Policy Failed" by default. */
export class PolicyError extends quire.ForbiddenError {
  override readonly name = 'PolicyError' as 'ForbiddenError';
  constructor(message = 'Policy Failed', details: Record<string, unknown> = {}) {
    super(message, details);
  }
}

/** An error thrown with a status quire's hierarchy has no class for (`ctx.throw(409)`), named as Koa's http-errors name it. */
export class HttpError extends quire.QuireError {
  constructor(readonly status: number, override readonly name: string, message: string, details: Record<string, unknown> = {}) {
    super(message, details);
  }
}

type Details = Record<string, unknown>;

/** `require('@strapi/utils').errors`: Strapi's default messages when none is given */
export const strapiErrors = {
  ApplicationError: class ApplicationError extends quire.ApplicationError {
    constructor(message = 'An application error occured', details: Details = {}) { super(message, details); }
  },
  ValidationError: class ValidationError extends quire.ValidationError {
    constructor(message = 'Validation error', details: Details = {}) { super(message, details); }
  },
  YupValidationError: class YupValidationError extends quire.ValidationError {
    constructor(message = 'Validation error', details: Details = {}) { super(message, details); }
  },
  PaginationError: class PaginationError extends quire.PaginationError {
    constructor(message = 'Invalid pagination', details: Details = {}) { super(message, details); }
  },
  NotFoundError: class NotFoundError extends quire.NotFoundError {
    constructor(message = 'Entity not found', details: Details = {}) { super(message, details); }
  },
  ForbiddenError: class ForbiddenError extends quire.ForbiddenError {
    constructor(message = 'Forbidden access', details: Details = {}) { super(message, details); }
  },
  UnauthorizedError: class UnauthorizedError extends quire.UnauthorizedError {
    constructor(message = 'Unauthorized', details: Details = {}) { super(message, details); }
  },
  PayloadTooLargeError: class PayloadTooLargeError extends quire.PayloadTooLargeError {
    constructor(message = 'Entity too large', details: Details = {}) { super(message, details); }
  },
  RateLimitError: class RateLimitError extends quire.RateLimitError {
    constructor(message = 'Too many requests, please try again later.', details: Details = {}) { super(message, details); }
  },
  NotImplementedError: class NotImplementedError extends quire.NotImplementedError {
    constructor(message = 'This feature is not implemented yet', details: Details = {}) { super(message, details); }
  },
  PolicyError,
  HttpError,
};

/** The name Koa's http-errors gives a status: 400 -> BadRequestError, 409 -> ConflictError. */
const HTTP_NAMES: Readonly<Record<number, string>> = {
  400: 'BadRequest', 401: 'Unauthorized', 402: 'PaymentRequired', 403: 'Forbidden', 404: 'NotFound', 405: 'MethodNotAllowed',
  406: 'NotAcceptable', 408: 'RequestTimeout', 409: 'Conflict', 410: 'Gone', 411: 'LengthRequired', 412: 'PreconditionFailed',
  413: 'PayloadTooLarge', 414: 'URITooLong', 415: 'UnsupportedMediaType', 416: 'RangeNotSatisfiable', 417: 'ExpectationFailed',
  418: 'ImATeapot', 422: 'UnprocessableEntity', 423: 'Locked', 424: 'FailedDependency', 428: 'PreconditionRequired',
  429: 'TooManyRequests', 500: 'InternalServer', 501: 'NotImplemented', 502: 'BadGateway', 503: 'ServiceUnavailable', 504: 'GatewayTimeout',
};

/** `ctx.throw(409, 'taken')` -> HttpError 409 ConflictError "taken" (a 5xx keeps no message: it is logged, never sent). */
export function httpError(status: number, message?: string, details: Record<string, unknown> = {}): Error {
  const valid = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
  if (valid >= 500) return new Error(`ctx.throw(${valid}): ${message ?? ''}`);
  const base = HTTP_NAMES[valid] ?? 'Http';
  return new HttpError(valid, `${base}Error`, message ?? base.replace(/([a-z])([A-Z])/g, '$1 $2'), details);
}
