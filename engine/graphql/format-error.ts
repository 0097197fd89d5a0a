/**
 * engine/graphql: GraphQL errors in Strapi v4's form. Resolver errors carry the QuireError as
 * `extensions.error` {name, message, details} (built by toErrorBody, the REST body's builder) and a code:
 * FORBIDDEN (forbidden, unauthorized), BAD_USER_INPUT (validation), STRAPI_<NAME> (other application
 * errors: STRAPI_PAGINATION_ERROR, STRAPI_NOT_IMPLEMENTED_ERROR). Request errors keep graphql-js's
 * message with GRAPHQL_PARSE_FAILED / GRAPHQL_VALIDATION_FAILED / BAD_USER_INPUT. Anything else is
 * "Internal Server Error" (logged); only then, and only when NODE_ENV is development, with its stack trace.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ForbiddenError, messages, MixedPaginationError, PaginationError, QuireError, toErrorBody, UnauthorizedError, ValidationError } from '../errors/index.js';

export interface FormatOptions {
  readonly development: boolean;
  readonly log: (err: unknown) => void;
}

/** `PaginationError` -> `STRAPI_PAGINATION_ERROR` */
function codeOf(err: QuireError): string {
  if (err instanceof ForbiddenError || err instanceof UnauthorizedError) return 'FORBIDDEN';
  if (err instanceof ValidationError) return 'BAD_USER_INPUT';
  return `STRAPI_${err.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** A request error (parse, validation, variables) with its Apollo-style code. */
export function withCode(err: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(err.message, { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path, originalError: err.originalError, extensions: { ...err.extensions, code } });
}

function withOriginal(err: GraphQLError, original: Error): GraphQLError {
  return new GraphQLError(original.message, { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path, originalError: original, extensions: err.extensions });
}

function base(err: GraphQLError): GraphQLFormattedError {
  const json = err.toJSON();
  return { message: json.message, ...(json.locations && { locations: json.locations }), ...(json.path && { path: json.path }) };
}

export function formatGraphqlError(err: Error, options: FormatOptions): GraphQLFormattedError {
  if (!(err instanceof GraphQLError)) return { message: err.message, extensions: { code: 'BAD_REQUEST' } };
  const original = err.originalError;
  const stack = (e: Error | undefined) => (options.development && e?.stack ? { stacktrace: e.stack.split('\n') } : {});
  if (original instanceof QuireError) {
    // the GraphQL door's own words for an error both doors can meet
    if (original instanceof MixedPaginationError) return formatGraphqlError(withOriginal(err, new PaginationError(messages.graphqlPaginationMixed())), options);
    const { error } = toErrorBody(original);
    return { ...base(err), message: original.message, extensions: { error: { name: error.name, message: error.message, details: error.details }, code: codeOf(original) } };
  }
  // no path: the request itself (parse, validation, variable coercion) is at fault, the message is for the client
  if (err.path === undefined) return { ...base(err), extensions: { code: 'BAD_USER_INPUT', ...err.extensions } };
  // a GraphQLError raised on purpose (graphql-js non-null checks, extension resolvers)
  if (original === undefined || original instanceof GraphQLError) {
    return { ...base(err), extensions: { code: 'INTERNAL_SERVER_ERROR', ...(original as GraphQLError | undefined)?.extensions, ...err.extensions } };
  }
  options.log(original);
  const { error } = toErrorBody(original);
  return { ...base(err), message: error.message, extensions: { error: { name: error.name, message: error.message, details: error.details }, code: 'INTERNAL_SERVER_ERROR', ...stack(original) } };
}
