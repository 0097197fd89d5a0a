/**
 * compiler/emit/openapi: components every document has regardless of the content-types: the error body
 * and its responses, pagination and meta schemas, the `id` path parameter and the bearer security
 * scheme. Pure; the only model input is the REST page-size configuration used in descriptions.
 */
import type { NormalizedModel } from '../../model/types.js';
import { NULL_ONLY, ref, SHARED, type Schema } from './schema-names.js';

export const RESPONSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const;

export type ErrorStatus = keyof typeof RESPONSES;

/** `{ $ref: '#/components/responses/NotFound' }` */
export const errorResponseRef = (status: ErrorStatus): Schema => ({ $ref: `#/components/responses/${RESPONSES[status]}` });

export const ID_PARAMETER = 'Id';
export const idParameterRef: Schema = { $ref: `#/components/parameters/${ID_PARAMETER}` };

export const SECURITY_SCHEME = 'bearerAuth';

const INTEGER: Schema = { type: 'integer' };

export function sharedSchemas(model: NormalizedModel): [string, Schema][] {
  const { defaultLimit, maxLimit } = model.config.rest;
  const out: [string, Schema][] = [
    [SHARED.error, {
      description: 'Body of every error answer.',
      type: 'object',
      required: ['data', 'error'],
      properties: {
        data: { ...NULL_ONLY, description: 'Always null on an error.' },
        error: {
          type: 'object',
          required: ['status', 'name', 'message'],
          properties: {
            status: { type: 'integer', description: 'The HTTP status.' },
            name: { type: 'string', description: 'ValidationError, PaginationError, ForbiddenError, NotFoundError, ...' },
            message: { type: 'string' },
            details: { type: 'object', description: 'Data for clients; validation errors carry {errors: [{path, message, name}]}.', additionalProperties: true },
          },
        },
      },
    }],
    [SHARED.paginationByPage, {
      description: `Pagination by page (pageSize defaults to ${defaultLimit}, at most ${maxLimit}). pageCount and total are present when withCount is true.`,
      type: 'object',
      required: ['page', 'pageSize'],
      properties: { page: INTEGER, pageSize: INTEGER, pageCount: INTEGER, total: INTEGER },
    }],
    [SHARED.paginationByOffset, {
      description: `Pagination by offset (limit defaults to ${defaultLimit}, at most ${maxLimit}). total is present when withCount is true.`,
      type: 'object',
      required: ['start', 'limit'],
      properties: { start: INTEGER, limit: INTEGER, total: INTEGER },
    }],
    [SHARED.listMeta, {
      type: 'object',
      required: ['pagination'],
      properties: { pagination: { oneOf: [ref(SHARED.paginationByPage), ref(SHARED.paginationByOffset)] } },
    }],
    [SHARED.entryMeta, {
      type: 'object',
      properties: {
        availableLocales: {
          type: 'array',
          description: 'The other localizations of the entry (localized types).',
          items: { type: 'object', properties: { id: INTEGER, locale: { type: 'string' }, ...localizedPublication(model) } },
        },
      },
    }],
    [SHARED.populateFlag, {
      description: 'Populate this field one level, or not: false, f and 0 mean no, any other value yes (Strapi casts the string to a boolean).',
      anyOf: [{ type: 'boolean' }, { type: 'string' }],
    }],
  ];
  if (Object.values(model.contentTypes).some((ct) => ct.namespace === 'api' && ct.populateCreatorFields)) {
    out.push([SHARED.creator, {
      description: 'An admin user, as returned in createdBy and updatedBy.',
      type: 'object',
      properties: { id: INTEGER, firstname: { type: 'string', nullable: true }, lastname: { type: 'string', nullable: true } },
    }]);
  }
  return out;
}

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Bad request: invalid body or query parameter (ValidationError, PaginationError).',
  401: 'Missing or invalid credentials (UnauthorizedError).',
  403: 'Forbidden: the caller\'s role lacks the permission (ForbiddenError).',
  404: 'Not found (NotFoundError).',
  413: 'The request body is larger than the server accepts (PayloadTooLargeError).',
  415: 'The request body is not of a content type the operation reads (UnsupportedMediaTypeError).',
  429: 'Too many failed attempts from this client or for this identifier; try again later (RateLimitError).',
  500: 'Internal server error.',
  503: 'A service the operation needs did not answer (the database, the mail server); try again later (ServiceUnavailableError).',
};

export function sharedResponses(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const status of Object.keys(RESPONSES).map(Number) as ErrorStatus[]) {
    out[RESPONSES[status]] = {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: ref(SHARED.error) } },
    };
  }
  return out;
}

export function sharedParameters(): Record<string, Schema> {
  return {
    [ID_PARAMETER]: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Numeric id of the entry.',
      schema: { type: 'integer', minimum: 1 },
    },
  };
}

export function securitySchemes(prefix: string): Record<string, Schema> {
  return {
    [SECURITY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT or API token',
      description: `Authorization: Bearer <JWT> (from POST ${prefix}/auth/local) or Bearer <API token>. Content-types are private by default: without a token only what the public role is granted is allowed.`,
    },
  };
}

/** `publishedAt` of an available locale, described when some localized type has draft and publish. */
function localizedPublication(model: NormalizedModel): Record<string, Schema> {
  const any = Object.values(model.contentTypes).some((ct) => ct.namespace === 'api' && ct.localized && ct.draftAndPublish);
  return any ? { publishedAt: { type: 'string', format: 'date-time', nullable: true, description: 'null for a draft (draft-and-publish types only).' } } : {};
}
