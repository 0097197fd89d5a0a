/**
 * engine/http adapter for GraphQL: builds the executable schema from the artifacts' SDL (generated
 * resolvers + the extension's, wrapped with auth/policies/middlewares) and serves it at
 * `model.config.graphql.endpoint` with graphql-http (GraphQL-over-HTTP: POST JSON, GET for queries,
 * mutations over GET refused). Same principal, planner and repository as REST. A request that never
 * executes (parse, validation, limits, variables) answers 400; resolver errors answer 200 with `errors`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, GraphQLError, parse, validate, type execute, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createHandler, type Request as GraphqlHttpRequest } from 'graphql-http';
import type { BaseLogger as Logger } from 'pino';
import type { Principal } from '../auth/permissions.js';
import { resolvePrincipal } from '../auth/resolve-principal.js';
import type { Artifacts } from '../boot/load-artifacts.js';
import { NotFoundError } from '../errors/index.js';
import type { EngineContext } from '../http/engine-context.js';
import { readGraphqlUpload, uploadResolvers } from '../upload/graphql-upload.js';
import { buildResolvers } from './build-resolvers.js';
import { createCompiledExecute } from './compiled-execute.js';
import { DocumentCache } from './document-cache.js';
import { costLimitRule, depthLimitRule, documentLimits, type DocumentLimits } from './document-limits.js';
import { loadExtension } from './extension.js';
import { formatGraphqlError, withCode } from './format-error.js';
import type { GraphqlContext, GraphqlRuntime } from './graphql-context.js';
import { PAGE_CSP } from '../http/page-assets.js';
import { readBodyBuffer } from '../http/read-body.js';
import { Playground } from './playground.js';
import { findEntries, findEntry } from './read-entries.js';
import { RelationLoaders } from './relation-loaders.js';
import { RowBudget } from './row-budget.js';
import { createTypeIndex } from './type-index.js';
import { wrapResolvers } from './wrap-resolvers.js';
import { checkGetParams, readGraphqlBody, safetyRules } from './request-safety.js';

export interface GraphqlEndpoint {
  /** `/graphql` */
  readonly path: string;
  readonly schema: GraphQLSchema;
  /** true for the endpoint and its playground assets */
  matches(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
}

interface RequestState {
  principal: Principal;
  context?: GraphqlContext;
  /** execution ran and produced `data` (null included) */
  answered: boolean;
  /** the result, when it has no errors: serialized here (see `execute` below) */
  result?: ExecutionResult;
}

function parseLimited(source: string, limits: DocumentLimits) {
  if (source.length > limits.maxLength) {
    throw new GraphQLError(`Document is ${source.length} characters long; the limit is ${limits.maxLength}`, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  }
  try {
    return parse(source, { maxTokens: limits.maxTokens });
  } catch (err) {
    throw err instanceof GraphQLError ? withCode(err, 'GRAPHQL_PARSE_FAILED') : err;
  }
}

const acceptsHtml = (req: IncomingMessage) => /\btext\/html\b/.test(String(req.headers.accept ?? ''));

/** Build the endpoint, or undefined when the published schema has no Query type (GraphQL off). */
export async function createGraphqlEndpoint(engine: EngineContext, artifacts: Artifacts, log: Logger): Promise<GraphqlEndpoint | undefined> {
  const { model, repo, permissions, config } = engine;
  const plain = buildSchema(artifacts.sdl);
  if (!plain.getQueryType()) return undefined;
  const extension = await loadExtension(artifacts.dir, model);
  const index = createTypeIndex(model, plain);
  const runtime: GraphqlRuntime = { model, repo, index, permissions, users: engine.users };
  // upload, multipleUpload, updateFileInfo, removeFile (engine/upload) with Strapi's scopes
  const uploads = engine.uploads ? uploadResolvers(engine.uploads, plain) : undefined;
  const schema = makeExecutableSchema({ typeDefs: artifacts.sdl, resolvers: [buildResolvers(runtime, plain), uploads?.resolvers ?? {}, extension?.resolvers ?? {}] });
  wrapResolvers(schema, index, { ...uploads?.resolversConfig, ...extension?.resolversConfig }, permissions, model);

  // the engine's authenticator when it has one (API tokens and users' JWTs), else API tokens only
  const authenticate = (engine as { authenticate?: (header: string | undefined) => Promise<Principal> }).authenticate
    ?? ((header: string | undefined) => resolvePrincipal(header, repo, config.apiTokenSalt));
  const path = model.config.graphql.endpoint;
  const limits = documentLimits(model);
  const development = config.nodeEnv === 'development';
  const playground = !config.production || model.config.graphql.playgroundAlways ? new Playground(path) : undefined;

  const requestStates = new WeakMap<GraphqlContext, RequestState>();
  const contextFor = (state: RequestState, req: IncomingMessage): GraphqlContext => {
    const { principal } = state;
    // asked once per relation field per entry: remembered for the request
    const findable = new Map<string, boolean>();
    const canFind = (uid: string) => {
      let can = findable.get(uid);
      if (can === undefined) findable.set(uid, (can = permissions.can(principal, uid, 'find')));
      return can;
    };
    const rows = new RowBudget();
    const context: GraphqlContext = {
      principal,
      model,
      can: (uid, action) => permissions.can(principal, uid, action),
      canFind,
      http: { req, ip: engine.clientAddress ? engine.clientAddress(req) : req.socket.remoteAddress },
      find: (uid, args = {}, info) => findEntries(context, uid, args, info),
      findOne: (uid, id, info) => findEntry(context, uid, id, {}, info),
      runtime,
      loaders: new RelationLoaders(runtime, canFind, rows),
      rows,
    };
    requestStates.set(context, state);
    return context;
  };

  const documents = new DocumentCache();
  // repeated queries run compiled (compiled-execute.ts)
  const run = createCompiledExecute();
  const handler = createHandler<IncomingMessage, RequestState, Record<string, unknown>>({
    schema,
    // repeated documents: parsed and validated once (document-cache.ts)
    parse: ((source: string) => documents.parse(source, (text) => parseLimited(text, limits))) as typeof parse,
    validate: ((s: GraphQLSchema, document: Parameters<typeof validate>[1], rules: Parameters<typeof validate>[2]) =>
      documents.validate(document, (d) => validate(s, d, rules, { maxErrors: 25 }).map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED')))) as typeof validate,
    validationRules: [depthLimitRule(limits.maxDepth, limits), costLimitRule(limits), ...safetyRules(config.security?.graphqlIntrospection ?? !config.production)],
    context: (req) => (req.context.context ??= contextFor(req.context, req.raw)) as unknown as Record<string, unknown>,
    execute: (async (args: ExecutionArgs) => {
      const result = await run(args);
      const state = requestStates.get(args.contextValue as GraphqlContext);
      if (!state) return result;
      state.answered = 'data' in result;
      // graphql-http serializes with a replacer (for Error values, which only `errors` can hold),
      // several times slower than plain JSON.stringify: an answer without errors is serialized by
      // handle() and graphql-http gets a stand-in with the same status and headers
      if (result.errors || !('data' in result)) return result;
      state.result = result;
      return { data: null };
    }) as typeof execute,
    formatError: (err) => formatGraphqlError(err as Error, { development, log: (e) => log.error({ err: e }, 'graphql resolver failed') }) as unknown as GraphQLError,
  });

  async function serveAsset(res: ServerResponse, name: string): Promise<void> {
    const asset = playground?.asset(name);
    if (!asset) throw new NotFoundError('Not Found');
    res.statusCode = 200;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('Content-Length', asset.body.length);
    res.end(asset.body);
  }

  function servePage(res: ServerResponse): void {
    const body = playground!.page();
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (pathname !== path) {
      if (method !== 'GET' && method !== 'HEAD') throw new NotFoundError('Not Found');
      return serveAsset(res, pathname.slice(path.length + '/playground/'.length));
    }
    const search = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    // a browser navigation (Accept: text/html) gets the IDE, its query pre-filled; `raw` asks for the JSON answer
    if (playground && method === 'GET' && acceptsHtml(req) && !search.has('raw')) return servePage(res);

    const principal = await authenticate(req.headers.authorization);
    const state: RequestState = { principal, answered: false };
    // a multipart request (file uploads) becomes the JSON body it stands for, its files in the variables
    const multipart = method === 'POST' ? await readGraphqlUpload(req, engine, principal) : undefined;
    // UTF-8, prototype keys and NUL characters checked as for REST bodies (request-safety.ts)
    const body = multipart ? multipart.body : method === 'POST' ? readGraphqlBody(await readBodyBuffer(req, config.bodyLimit), req.headers['content-type']) : null;
    if (method === 'GET') checkGetParams(search);
    const request: GraphqlHttpRequest<IncomingMessage, RequestState> = {
      method,
      url: req.url ?? path,
      headers: { get: (key: string) => {
        if (multipart && key.toLowerCase() === 'content-type') return 'application/json';
        const v = req.headers[key.toLowerCase()];
        return Array.isArray(v) ? v.join(', ') : v ?? null;
      } },
      body: body === '' ? null : body,
      raw: req,
      context: state,
    };
    const [payload, init] = await handler(request).finally(() => multipart?.dispose());
    // graphql-http answers 200 to `application/json` clients even when nothing ran; Strapi (Apollo) says 400
    const status = init.status === 200 && !state.answered ? 400 : init.status;
    res.statusCode = status;
    for (const [k, v] of Object.entries(init.headers ?? {})) res.setHeader(k, v);
    const text = state.result && status === 200 ? JSON.stringify(state.result) : payload ?? '';
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  }

  return { path, schema, matches: (p) => p === path || (p.startsWith(path + '/playground/') && playground !== undefined), handle };
}
