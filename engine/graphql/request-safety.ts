/**
 * engine/graphql: the checks every REST body passes, applied to GraphQL requests before graphql-http
 * reads them: the body is valid UTF-8, and its JSON (query, variables, extensions; the `variables` of
 * a GET too) carries no prototype keys and no NUL characters (engine/request/assert-safe-body.ts).
 * String literals inside the document are checked by a validation rule, and introspection can be
 * switched off with another (NoSchemaIntrospectionCustomRule: `__schema` and `__type`, not `__typename`).
 */
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import { ValidationError } from '../errors/index.js';
import { assertSafeBody, NUL } from '../request/index.js';
import { messages } from '../errors/validation-catalog.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The body graphql-http gets: for `application/json`, the parsed object once checked (a parse failure
 * is left to graphql-http, which answers it in its own words); other types as text (graphql-http answers 415).
 */
export function readGraphqlBody(buffer: Buffer, contentType: string | undefined): string | Record<string, unknown> {
  let text: string;
  try {
    text = decoder.decode(buffer);
  } catch {
    throw new ValidationError(messages.bodyNotUtf8());
  }
  const type = String(contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  assertSafeBody(parsed);
  return parsed as Record<string, unknown>;
}

/** GET /graphql?variables=...: the same checks on the variables' JSON (a parse failure is graphql-http's). */
export function checkGetParams(search: URLSearchParams): void {
  for (const name of ['variables', 'extensions']) {
    const value = search.get(name);
    if (!value) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    assertSafeBody(parsed);
  }
}

/** `"a\u0000b"` in a document: a validation error (400), as NUL in a JSON body is */
export const noNulStringsRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  StringValue(node) {
    if (node.value.includes(NUL)) context.reportError(new GraphQLError(messages.graphqlNul(), { nodes: node }));
  },
});

/** the rules added to graphql-js's own, by configuration */
export function safetyRules(introspection: boolean): ValidationRule[] {
  return introspection ? [noNulStringsRule] : [noNulStringsRule, NoSchemaIntrospectionCustomRule];
}
