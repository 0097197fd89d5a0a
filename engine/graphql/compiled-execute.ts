/**
 * engine/graphql: execution of repeated queries through graphql-jit. A query document (a `query`
 * operation; mutations stay on graphql-js, which runs their fields one after the other) seen for
 * the second time is compiled once into a JavaScript function for its selection set (field
 * collection, argument values, resolvers, result completion and leaf serialization planned ahead),
 * and that function answers this and later requests. First sightings, mutations, subscriptions and
 * documents graphql-jit declines run through graphql-js's `execute`. graphql-jit itself is loaded
 * on the first repeated query (start-up and a server without repeated queries never pay for it);
 * until it is there, queries run on graphql-js. Documents come from the document cache
 * (document-cache.ts), so compiled queries live as long as their document is kept.
 */
import { execute, getOperationAST, getVariableValues, type DocumentNode, type ExecutionArgs, type ExecutionResult, type VariableDefinitionNode } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';

type Jit = typeof import('graphql-jit');

interface Compiled {
  query: CompiledQuery['query'];
  /** the operation's variables, checked by graphql-js first so bad ones get its exact errors */
  variables: readonly VariableDefinitionNode[];
}

export interface CompiledExecute {
  (args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult;
  /** operations compiled so far */
  compiledCount(): number;
  /** resolves once graphql-jit is loaded (it loads on the first repeated query, or now) */
  ready(): Promise<void>;
}

export function createCompiledExecute(): CompiledExecute {
  // document -> operation name -> compiled query (null: run by graphql-js); counted: seen once
  const compiled = new WeakMap<DocumentNode, Map<string, Compiled | null>>();
  const seen = new WeakMap<DocumentNode, Set<string>>();
  let count = 0;
  let jit: Jit | undefined;
  let loading: Promise<void> | undefined;
  const ready = () => (loading ??= import('graphql-jit').then((m) => void (jit = m)));

  function compiledFor(args: ExecutionArgs): Compiled | null {
    const name = args.operationName ?? '';
    let byName = compiled.get(args.document);
    const known = byName?.get(name);
    if (known !== undefined) return known;
    let once = seen.get(args.document);
    if (!once?.has(name)) {
      if (!once) seen.set(args.document, (once = new Set()));
      once.add(name);
      return null;
    }
    if (!jit) {
      void ready().catch(() => undefined);
      return null;
    }
    const operation = getOperationAST(args.document, args.operationName);
    let query: Compiled | null = null;
    if (operation?.operation === 'query' && !args.fieldResolver && !args.typeResolver) {
      try {
        const result = jit.compileQuery(args.schema, args.document, args.operationName ?? undefined);
        if (jit.isCompiledQuery(result)) {
          query = { query: result.query, variables: operation.variableDefinitions ?? [] };
          count++;
        }
      } catch {
        // a document graphql-jit cannot compile runs through graphql-js
      }
    }
    if (!byName) compiled.set(args.document, (byName = new Map()));
    byName.set(name, query);
    return query;
  }

  const run = (args: ExecutionArgs) => {
    const query = compiledFor(args);
    if (!query) return execute(args);
    const inputs = args.variableValues ?? {};
    if (query.variables.length) {
      // graphql-js's own coercion (execute's limit of 50 errors), so errors read as they always do
      const checked = getVariableValues(args.schema, query.variables, inputs, { maxErrors: 50 });
      if (checked.errors) return { errors: checked.errors };
    }
    return query.query(args.rootValue, args.contextValue, inputs);
  };
  return Object.assign(run, { compiledCount: () => count, ready });
}
