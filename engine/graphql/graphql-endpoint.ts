/**
 * engine/graphql door: builds the executable schema from the artifacts' SDL (generated resolvers +
 * the extension's, wrapped with auth/policies/middlewares) and serves it at
 * `model.config.graphql.endpoint` with graphql-http (GraphQL-over-HTTP: POST JSON, GET for queries,
 * mutations over GET refused), as routes of the one request lifecycle: the caller, the body (a
 * GraphQL multipart request only from callers who may upload) and the reply come from there, the
 * answers from the same action layer as REST. A request that never executes (parse, validation,
 * limits, variables) answers 400; resolver errors answer 200 with `errors`.
 */
import type { IncomingMessage } from 'node:http';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, execute, getOperationAST, GraphQLError, parse, validate, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createHandler, type Request as GraphqlHttpRequest } from 'graphql-http';
import type { BaseLogger as Logger } from 'pino';
import type { ActionContext } from '../actions/action-context.js';
import type { Artifacts } from '../artifacts/load-artifacts.js';
import type { ServerConfig } from '../config/server-config.js';
import { NotFoundError } from '../errors/index.js';
import { PAGE_CSP } from '../http/page-assets.js';
import type { HttpRequest, Reply, Route } from '../http/route.js';
import type { RouteEntry } from '../http/route-entry.js';
import { UPLOAD_PERMISSION_UID } from '../upload/stored-files.js';
import { buildResolvers } from './build-resolvers.js';
import { compiledDocuments } from './compiled-document.js';
import { DocumentCache } from './document-cache.js';
import { costLimitRule, depthLimitRule, documentLimits, type DocumentLimits } from './document-limits.js';
import { loadExtension } from './extension.js';
import { formatGraphqlError, withCode } from './format-error.js';
import { graphqlPaging } from './graphql-query.js';
import type { GraphqlContext, GraphqlRuntime } from './graphql-context.js';
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

interface RequestState {
  request: HttpRequest;
  context?: GraphqlContext;
  /** execution ran and produced `data` (null included) */
  answered: boolean;
  /** the result, when it has no errors: serialized here (see `execute` below) */
  result?: ExecutionResult;
  /** the answer's text, when the database wrote it (compiled-document.ts) */
  text?: string;
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

  const requestStates = new WeakMap<GraphqlContext, RequestState>();
  const contextFor = (state: RequestState): GraphqlContext => {
    const { caller, raw } = state.request;
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
    requestStates.set(context, state);
    return context;
  };

  const documents = new DocumentCache();
  // query documents the database answers in one statement per root field (compiled-document.ts)
  const guarded = new Set([...Object.keys({ ...uploads?.resolversConfig, ...extension?.resolversConfig }),
    ...Object.entries(extension?.resolvers ?? {}).flatMap(([type, fields]) => Object.keys(fields ?? {}).map((f) => `${type}.${f}`))]);
  const compiled = compiledDocuments(schema, guarded);
  const handler = createHandler<IncomingMessage, RequestState, Record<string, unknown>>({
    schema,
    // repeated documents: parsed and validated once (document-cache.ts)
    parse: ((source: string) => documents.parse(source, (text) => parseLimited(text, limits))) as typeof parse,
    validate: ((s: GraphQLSchema, document: Parameters<typeof validate>[1], rules: Parameters<typeof validate>[2]) =>
      documents.validate(document, (d) => validate(s, d, rules, { maxErrors: 25 }).map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED')))) as typeof validate,
    validationRules: [depthLimitRule(limits.maxDepth, limits), costLimitRule(limits), ...safetyRules(config.security?.graphqlIntrospection ?? !config.production)],
    context: (req) => (req.context.context ??= contextFor(req.context)) as unknown as Record<string, unknown>,
    execute: (async (args: ExecutionArgs) => {
      if (onOperation) onOperation(getOperationAST(args.document, args.operationName)?.operation ?? 'unknown');
      const state = requestStates.get(args.contextValue as GraphqlContext);
      const text = state && (await compiled.answer(args));
      if (state && text !== undefined) {
        state.answered = true;
        state.text = text;
        return { data: null };
      }
      const result = await execute(args);
      if (!state) return result;
      state.answered = 'data' in result;
      // graphql-http serializes with a replacer (for Error values, which only `errors` can hold),
      // several times slower than plain JSON.stringify: an answer without errors is serialized by
      // the handler and graphql-http gets a stand-in with the same status and headers
      if (result.errors || !('data' in result)) return result;
      state.result = result;
      return { data: null };
    }) as typeof execute,
    formatError: (err) => formatGraphqlError(err as Error, { development, log: (e) => log.error({ err: e }, 'graphql resolver failed') }) as unknown as GraphQLError,
  });

  async function serve(r: HttpRequest): Promise<Reply> {
    const search = new URLSearchParams(r.search);
    // a browser navigation (Accept: text/html) gets the IDE, its query pre-filled; `raw` asks for the JSON answer
    if (playground && r.method !== 'POST' && acceptsHtml(r.raw) && !search.has('raw')) {
      return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PAGE_CSP }, payload: playground.page() };
    }
    // a multipart request (file uploads) becomes the JSON body it stands for, its files in the variables;
    // UTF-8, prototype keys and NUL characters are checked as for REST bodies (request-safety.ts)
    const body = r.multipart
      ? multipartOperations(r.multipart)
      : r.method === 'POST' ? readGraphqlBody(r.body as Buffer, r.raw.headers['content-type']) : null;
    if (r.method !== 'POST') checkGetParams(search);
    const state: RequestState = { request: r, answered: false };
    const request: GraphqlHttpRequest<IncomingMessage, RequestState> = {
      method: r.method === 'HEAD' ? 'GET' : r.method,
      url: r.raw.url ?? path,
      headers: {
        get: (key: string) => {
          if (r.multipart && key.toLowerCase() === 'content-type') return 'application/json';
          const v = r.raw.headers[key.toLowerCase()];
          return Array.isArray(v) ? v.join(', ') : v ?? null;
        },
      },
      body: body === '' ? null : body,
      raw: r.raw,
      context: state,
    };
    const [payload, init] = await handler(request);
    // graphql-http answers 200 to `application/json` clients even when nothing ran; Strapi (Apollo) says 400
    const status = init.status === 200 && !state.answered ? 400 : init.status;
    const text = status === 200 && state.text !== undefined ? state.text : state.result && status === 200 ? JSON.stringify(state.result) : payload ?? '';
    return { status, headers: { ...(init.headers as Record<string, string> | undefined) }, payload: text };
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

