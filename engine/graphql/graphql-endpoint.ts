/**
 * engine/graphql door: builds the executable schema from the artifacts' SDL (generated resolvers +
 * the extension's, wrapped with auth/policies/middlewares) and serves it at
 * `model.config.graphql.endpoint` over HTTP (graphql-transport.ts: POST JSON, GET for queries,
 * mutations over GET refused), as a route of the one request lifecycle: the caller, the body (a
 * GraphQL multipart request only from callers who may upload) and the reply come from there.
 *
 *   parse (document-cache.ts) -> validate (+ limits, safety rules) -> the operation
 *     -> a query of content reads: the one read action, answers printed from their shapes (document-answer.ts)
 *     -> anything else: graphql-js's execute over the resolvers (build-resolvers.ts)
 *
 * A request that never executes (parse, validation, limits, variables) answers 400; an executed one
 * 200, field errors in `errors`.
 */
import type { IncomingMessage } from 'node:http';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, execute, getOperationAST, GraphQLError, parse, validate, specifiedRules, type DocumentNode, type ExecutionArgs, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { BaseLogger as Logger } from 'pino';
import type { ActionContext } from '../actions/action-context.js';
import { firstDifference } from '../actions/first-difference.js';
import type { Artifacts } from '../artifacts/load-artifacts.js';
import type { ServerConfig } from '../config/server-config.js';
import { NotFoundError } from '../errors/index.js';
import { PAGE_CSP } from '../http/page-assets.js';
import type { HttpRequest, Reply, Route } from '../http/route.js';
import type { RouteEntry } from '../http/route-entry.js';
import { UPLOAD_PERMISSION_UID } from '../upload/stored-files.js';
import { buildResolvers } from './build-resolvers.js';
import { documentAnswers } from './document-answer.js';
import { DocumentCache } from './document-cache.js';
import { costLimitRule, depthLimitRule, documentLimits, type DocumentLimits } from './document-limits.js';
import { loadExtension } from './extension.js';
import { formatGraphqlError, withCode } from './format-error.js';
import { graphqlPaging } from './graphql-query.js';
import type { GraphqlContext, GraphqlRuntime } from './graphql-context.js';
import { acceptedType, executed, NOT_ACCEPTABLE, requestErrors, requestParams } from './graphql-transport.js';
import { Playground } from './playground.js';
import { findEntries, findEntry } from './read-entries.js';
import { RelationLoaders } from './relation-loaders.js';
import { checkGetParams, readGraphqlBody, safetyRules } from './request-safety.js';
import { RowBudget } from './row-budget.js';
import { createTypeIndex } from './type-index.js';
import { multipartOperations, uploadResolvers } from './upload-resolvers.js';
import { wrapResolvers } from './wrap-resolvers.js';
import { messages } from '../errors/validation-catalog.js';

export interface GraphqlEndpoint {
  /** `/graphql` */
  readonly path: string;
  readonly schema: GraphQLSchema;
  /** the endpoint and, when the IDE is on, its assets */
  readonly routes: readonly RouteEntry[];
}

function parseLimited(source: string, limits: DocumentLimits) {
  if (source.length > limits.maxLength) {
    throw new GraphQLError(messages.graphqlDocumentLength(source.length, limits.maxLength), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  }
  try {
    return parse(source, { maxTokens: limits.maxTokens });
  } catch (err) {
    throw err instanceof GraphQLError ? withCode(err, 'GRAPHQL_PARSE_FAILED') : err;
  }
}

const acceptsHtml = (req: IncomingMessage) => /\btext\/html\b/.test(String(req.headers.accept ?? ''));

/** Build the endpoint, or undefined when the published schema has no Query type (GraphQL off). */
/** `onOperation`: called with `query` or `mutation` for every operation executed (metrics) */
export async function createGraphqlEndpoint(actions: ActionContext, config: ServerConfig, artifacts: Artifacts, log: Logger, onOperation?: (type: string) => void): Promise<GraphqlEndpoint | undefined> {
  const { model, permissions } = actions;
  const plain = buildSchema(artifacts.sdl);
  if (!plain.getQueryType()) return undefined;
  const extension = await loadExtension(artifacts.dir, model);
  const index = createTypeIndex(model, plain);
  const runtime: GraphqlRuntime = { model, actions, index };
  // upload, multipleUpload, updateFileInfo, removeFile on the upload actions, with Strapi's scopes
  const uploads = actions.files ? uploadResolvers(plain) : undefined;
  const schema = makeExecutableSchema({ typeDefs: artifacts.sdl, resolvers: [buildResolvers(runtime, plain), uploads?.resolvers ?? {}, extension?.resolvers ?? {}] });
  wrapResolvers(schema, index, { ...uploads?.resolversConfig, ...extension?.resolversConfig }, permissions, model);

  const path = model.config.graphql.endpoint;
  const limits = documentLimits(model);
  const development = config.nodeEnv === 'development';
  const playground = !config.production || model.config.graphql.playgroundAlways ? new Playground(path) : undefined;

  // QUIRE_CHECK_EXECUTORS: graphql-js answers read documents again, on the check repository
  const check = actions.checkExecutors;
  const checkRuntime: GraphqlRuntime | undefined = check && { ...runtime, actions: { ...actions, repo: check.repo } };
  const contextFor = (r: HttpRequest, runtime: GraphqlRuntime): GraphqlContext => {
    const { actions } = runtime;
    const { caller, raw } = r;
    const maxRows = config.security?.graphqlMaxRows ?? 0;
    const rows = maxRows > 0 ? new RowBudget(maxRows) : undefined;
    const context: GraphqlContext = {
      principal: caller.principal,
      caller,
      model,
      can: (uid, action) => permissions.can(caller.principal, uid, action),
      canFind: (uid) => caller.canFind(uid),
      http: { req: raw, ip: caller.ip ?? raw.socket.remoteAddress },
      find: (uid, args = {}, info) => findEntries(context, uid, args, info),
      findOne: (uid, id, info) => findEntry(context, uid, id, {}, info),
      runtime,
      loaders: new RelationLoaders(actions, caller, { ...graphqlPaging(model), ...(rows && { inspect: (plan) => rows.chargePlan(plan) }) }),
      ...(rows && { rows }),
    };
    return context;
  };

  const documents = new DocumentCache();
  const rules = [...specifiedRules, depthLimitRule(limits.maxDepth, limits), costLimitRule(limits), ...safetyRules(config.security?.graphqlIntrospection ?? !config.production)];
  const format = (err: GraphQLError): GraphQLFormattedError => formatGraphqlError(err, { development, log: (e) => log.error({ err: e }, 'graphql resolver failed') });
  // query documents of content reads: the one read action (document-answer.ts)
  const guarded = new Set([...Object.keys({ ...uploads?.resolversConfig, ...extension?.resolversConfig }),
    ...Object.entries(extension?.resolvers ?? {}).flatMap(([type, fields]) => Object.keys(fields ?? {}).map((f) => `${type}.${f}`))]);
  const answerDocument = documentAnswers(schema, guarded, format);

  /** graphql-js's answer as text: `{ data }`, with its errors first when there are any */
  const executedText = (result: { data?: unknown; errors?: readonly GraphQLError[] }): string =>
    JSON.stringify(result.errors ? { errors: result.errors.map(format), data: result.data } : { data: result.data });

  /** the operation executed: by the read action when it is a query of content reads, else by graphql-js */
  async function run(args: ExecutionArgs, r: HttpRequest): Promise<{ text: string; executed: boolean }> {
    const answered = await answerDocument(args);
    if (answered !== undefined) {
      if (checkRuntime) await checkAgainstGraphqlJs({ ...args, contextValue: contextFor(r, checkRuntime) }, answered);
      return { text: answered, executed: true };
    }
    const result = await execute(args);
    if (!('data' in result)) return { text: JSON.stringify({ errors: (result.errors ?? []).map(format) }), executed: false };
    return { text: executedText(result), executed: true };
  }

  /** QUIRE_CHECK_EXECUTORS: graphql-js answers the same document (a context of its own) and must write the same text */
  async function checkAgainstGraphqlJs(args: ExecutionArgs, answered: string): Promise<void> {
    const reference = executedText(await execute(args));
    if (reference !== answered) throw new Error(`graphql-js and the read action answer differently, ${firstDifference(reference, answered)}`);
  }

  async function serve(r: HttpRequest): Promise<Reply> {
    const search = new URLSearchParams(r.search);
    // a browser navigation (Accept: text/html) gets the IDE, its query pre-filled; `raw` asks for the JSON answer
    if (playground && r.method !== 'POST' && acceptsHtml(r.raw) && !search.has('raw')) {
      return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP }, payload: playground.page() };
    }
    const type = acceptedType(r.raw.headers.accept);
    if (!type) return NOT_ACCEPTABLE;
    // a multipart request (file uploads) becomes the JSON body it stands for, its files in the variables;
    // UTF-8, prototype keys and NUL characters are checked as for REST bodies (request-safety.ts)
    const method = r.method === 'POST' ? 'POST' : 'GET';
    const body = r.multipart ? multipartOperations(r.multipart) : method === 'POST' ? readGraphqlBody(r.body as Buffer, r.raw.headers['content-type']) : undefined;
    if (method === 'GET') checkGetParams(search);
    const params = requestParams(method, r.search, r.multipart ? 'application/json' : r.raw.headers['content-type'], body);
    if ('status' in params) return params;
    let read: { document: DocumentNode; errors: readonly GraphQLError[] };
    try {
      read = documents.read(params.query, (text) => parseLimited(text, limits), (d) => validate(schema, d, rules, { maxErrors: 25 }).map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED')));
    } catch (err) {
      if (err instanceof GraphQLError) return requestErrors([format(err)], type);
      throw err;
    }
    const { document, errors } = read;
    if (errors.length > 0) return requestErrors(errors.map(format), type);
    const operation = getOperationAST(document, params.operationName);
    if (!operation) return requestErrors([format(new GraphQLError('Unable to detect operation AST'))], type);
    if (operation.operation === 'subscription') return requestErrors([format(new GraphQLError('Subscriptions are not supported'))], type);
    // mutations cannot happen over GET (GraphQL over HTTP)
    if (operation.operation === 'mutation' && method === 'GET') {
      return { status: 405, headers: { Allow: 'POST' }, payload: JSON.stringify({ errors: [{ message: 'Cannot perform mutations over GET' }] }) };
    }
    onOperation?.(operation.operation);
    const result = await run({ schema, document, operationName: params.operationName, variableValues: params.variables, contextValue: contextFor(r, runtime) }, r);
    return result.executed ? executed(result.text, type) : { status: 400, headers: { 'Content-Type': `${type}; charset=utf-8` }, payload: result.text };
  }

  const endpoint: Route = {
    authenticate: true,
    query: 'none',
    body: 'multipart',
    // files are read only from callers who may upload; a text field may be as large as a JSON body
    multipart: { permission: [UPLOAD_PERMISSION_UID, 'upload'], maxFieldSize: config.bodyLimit },
    handle: serve,
  };
  const routes: RouteEntry[] = [{ methods: ['GET', 'POST'], path, route: endpoint }];
  if (playground) {
    const assets: Route = {
      authenticate: false, query: 'none', body: 'none',
      handle: async (r) => {
        const asset = playground.asset(r.params['*'] ?? '');
        if (!asset) throw new NotFoundError('Not Found');
        return { status: 200, headers: { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' }, payload: asset.body };
      },
    };
    routes.push({ methods: ['GET'], path: `${path}/playground/*`, route: assets });
  }
  return { path, schema, routes };
}

