/**
 * engine/graphql door: GraphQL over HTTP (the GraphQL-over-HTTP draft, as graphql-http reads it, whose
 * audits run in test/integration/graphql/transport.test.ts): the answer's media type from Accept
 * (406 when none fits), the request's parameters from a GET's query string or a POST's JSON body (415
 * for another type, 400 when they are malformed), and an answer as a Reply: the request's own errors
 * 400, an executed operation 200. Pure: no execution here.
 */
import type { GraphQLFormattedError } from 'graphql';
import type { Reply } from '../http/route.js';

export type GraphqlMediaType = 'application/graphql-response+json' | 'application/json';

export interface GraphqlParams {
  readonly query: string;
  readonly operationName?: string;
  readonly variables?: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The media type to answer in, from the Accept header (no weights: the first that fits); undefined
 * when none does.
 *   acceptedType('application/graphql-response+json, application/json') -> 'application/graphql-response+json'
 */
export function acceptedType(accept: string | undefined): GraphqlMediaType | undefined {
  for (const item of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType, ...params] = item.split(';');
    const charset = params.find((p) => p.includes('charset=')) || 'charset=utf-8';
    if (mediaType === 'application/graphql-response+json' && charset === 'charset=utf-8') return 'application/graphql-response+json';
    if ((mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') && (charset === 'charset=utf-8' || charset === 'charset=utf8')) return 'application/json';
  }
  return undefined;
}

/** 406: no media type of the Accept header is one the endpoint writes */
export const NOT_ACCEPTABLE: Reply = {
  status: 406,
  headers: { Accept: 'application/graphql-response+json; charset=utf-8, application/json; charset=utf-8' },
  payload: '',
};

/** a malformed request: 400 `{"errors":[{message, extensions: {code: BAD_REQUEST}}]}` */
export function badRequest(message: string): Reply {
  return { status: 400, headers: { 'Content-Type': 'application/json; charset=utf-8' }, payload: JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }) };
}

/**
 * The parameters of a request: a GET's `query`, `operationName`, `variables` (JSON), or a POST's
 * JSON body (`body`: the parsed object, or the text when it is not JSON); a Reply when they cannot be read.
 *   requestParams('GET', 'query=%7B__typename%7D', undefined, undefined) -> { query: '{__typename}' }
 */
export function requestParams(method: string, search: string, contentType: string | undefined, body: unknown): GraphqlParams | Reply {
  let data: Record<string, unknown>;
  if (method === 'GET') {
    const params = new URLSearchParams(search);
    data = { operationName: params.get('operationName') ?? undefined, query: params.get('query') ?? undefined };
    try {
      const variables = params.get('variables');
      if (variables) data.variables = JSON.parse(variables);
      const extensions = params.get('extensions');
      if (extensions) data.extensions = JSON.parse(extensions);
    } catch {
      return badRequest('Unparsable URL');
    }
  } else {
    const [mediaType, charset = 'charset=utf-8'] = String(contentType ?? '').replace(/\s/g, '').toLowerCase().split(';');
    if (mediaType !== 'application/json' || charset !== 'charset=utf-8') return { status: 415, payload: '' };
    if (body === null || body === undefined || body === '') return badRequest('Missing body');
    let parsed: unknown = body;
    if (typeof body === 'string') {
      try {
        parsed = JSON.parse(body);
      } catch {
        return badRequest('Unparsable JSON body');
      }
    }
    if (!isObject(parsed)) return badRequest('JSON body must be an object');
    data = parsed;
  }
  const { query, variables, operationName, extensions } = data;
  if (query === null || query === undefined) return badRequest('Missing query');
  if (typeof query !== 'string') return badRequest('Invalid query');
  if (variables !== null && variables !== undefined && (!isObject(variables) || Array.isArray(variables))) return badRequest('Invalid variables');
  if (operationName !== null && operationName !== undefined && typeof operationName !== 'string') return badRequest('Invalid operationName');
  if (extensions !== null && extensions !== undefined && (!isObject(extensions) || Array.isArray(extensions))) return badRequest('Invalid extensions');
  return {
    query,
    ...(typeof operationName === 'string' && { operationName }),
    ...(isObject(variables) && { variables: variables as Record<string, unknown> }),
  };
}

const contentType = (type: GraphqlMediaType) => ({ 'Content-Type': `${type}; charset=utf-8` });

/**
 * Errors of the request itself (parse, validation, limits, variables, no operation): nothing was
 * executed, so no `data`. 400 for every client: graphql-http answers 200 to `application/json`, Strapi's
 * Apollo 400, and Strapi's clients expect its status.
 */
export function requestErrors(errors: readonly GraphQLFormattedError[], type: GraphqlMediaType): Reply {
  return { status: 400, headers: contentType(type), payload: JSON.stringify({ errors }) };
}

/** an executed operation's answer: `{ data }` with its field errors, if any */
export function executed(text: string, type: GraphqlMediaType): Reply {
  return { status: 200, headers: contentType(type), payload: text };
}
