/**
 * engine/graphql door: a query document whose root fields are all reads of content entries
 * (`articles`, `article(id)`, a single type; `__typename`) is answered through the one read action
 * (engine/actions/read-answer.ts), each root field's value printed from the AnswerShape of its
 * selection (selection-shape.ts), as graphql-js would complete it: values, field errors (a permission
 * refused, a bad argument: the field null, the error located), and the errors of values the schema
 * refuses (settleChecks). What the document reads is worked out once per document text, operation,
 * variables and permissions (kept with the prepared reads). Any other document (mutations, fields of
 * an extension or with a resolversConfig, plugin types, a relation read twice with other arguments)
 * answers undefined: graphql-js executes it.
 */
import { createHash } from 'node:crypto';
import {
  getArgumentValues, getNamedType, getOperationAST, getVariableValues, GraphQLError,
  type ExecutionArgs, type FragmentDefinitionNode, type GraphQLFormattedError, type GraphQLResolveInfo, type GraphQLSchema,
} from 'graphql';
import { answerRead } from '../actions/read-answer.js';
import { ForbiddenError, messages, NotFoundError } from '../errors/index.js';
import type { ParsedQuery } from '../request/parsed-query.js';
import type { AnswerShape } from '../response/answer-shape.js';
import { printerOf } from '../response/print-answer.js';
import { settleChecks } from '../response/settle-checks.js';
import type { GraphqlContext } from './graphql-context.js';
import { graphqlQuery } from './graphql-query.js';
import { graphqlRead, oneQuery, selectionOf } from './read-entries.js';
import { NotShaped, SelectionShape } from './selection-shape.js';
import type { Operation } from './type-index.js';

/** One root field of a read document, as worked out from the document and its variables. */
type RootField =
  | { readonly kind: 'typename'; readonly key: string; readonly json: string }
  | {
      readonly kind: 'read'; readonly key: string; readonly positions: readonly number[];
      readonly op: Operation; readonly list: boolean; readonly id?: unknown; readonly query: ParsedQuery; readonly shape: AnswerShape;
    }
  /** an argument graphql-js would refuse in the field's resolver: the field's error */
  | { readonly kind: 'error'; readonly key: string; readonly positions: readonly number[]; readonly op: Operation; readonly error: Error };

/** what a document reads, or that graphql-js executes it */
type DocumentReads = { readonly fields: readonly RootField[] } | { readonly execute: string };

export type FormatError = (err: GraphQLError) => GraphQLFormattedError;

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64url');

/**
 * `guarded`: `Type.field` keys with an extension's resolver or a resolversConfig entry (their auth,
 * middlewares and policies run on graphql-js). The answer is the whole response text,
 * `{"errors":[..],"data":{..}}`, or undefined: graphql-js executes the document.
 */
export function documentAnswers(schema: GraphQLSchema, guarded: ReadonlySet<string>, formatError: FormatError): (args: ExecutionArgs) => Promise<string | undefined> {
  const queryType = schema.getQueryType();

  function readsOf(ctx: GraphqlContext, args: ExecutionArgs, variables: Record<string, unknown>): DocumentReads {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation || !queryType) return { execute: 'no operation' };
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of args.document.definitions) if (d.kind === 'FragmentDefinition') fragments[d.name.value] = d;
    const source = { schema, index: ctx.runtime.index, fragments, variables, guarded, canFind: (uid: string) => ctx.canFind(uid) };
    const fields: RootField[] = [];
    try {
      for (const g of new SelectionShape(source).groups(queryType.name, [operation.selectionSet])) {
        if (g.name === '__typename') {
          fields.push({ kind: 'typename', key: g.key, json: JSON.stringify(queryType.name) });
          continue;
        }
        const op = ctx.runtime.index.operations.get(`${queryType.name}.${g.name}`);
        if (!op || !op.uid.startsWith('api::') || (op.action !== 'find' && op.action !== 'findOne')) throw new NotShaped(`${queryType.name}.${g.name}`);
        if (guarded.has(op.key)) throw new NotShaped(`${op.key} has its own resolver or resolversConfig`);
        const positions = g.nodes.map((n) => n.loc?.start ?? 0);
        const def = queryType.getFields()[g.name];
        const list = op.action === 'find' && !op.single;
        let query: ParsedQuery;
        let fieldArgs: Record<string, unknown>;
        let read: ReturnType<typeof selectionOf>;
        try {
          fieldArgs = getArgumentValues(def, g.nodes[0], variables);
          const info = { schema, fragments, variableValues: variables, fieldNodes: g.nodes, returnType: def.type } as unknown as GraphQLResolveInfo;
          read = selectionOf(ctx, op.uid, info);
          query = list ? graphqlQuery(fieldArgs, read, read.meta) : oneQuery(fieldArgs, read);
        } catch (err) {
          if (err instanceof GraphQLError || !(err instanceof Error)) throw err;
          fields.push({ kind: 'error', key: g.key, positions, op, error: err });
          continue;
        }
        const owner = ctx.runtime.index.byUid.get(op.uid);
        if (!owner) throw new NotShaped(`type of ${op.uid}`);
        const reader = new SelectionShape(source);
        const sets = g.nodes.filter((n) => n.selectionSet).map((n) => n.selectionSet!);
        const members = reader.wrapper(getNamedType(def.type).name, sets, owner, read.tags, { root: true });
        const shape: AnswerShape = { list, members, ...(reader.checks.length > 0 && { checks: reader.checks }) };
        const id = op.action === 'findOne' ? (fieldArgs.id ?? undefined) : undefined;
        fields.push({ kind: 'read', key: g.key, positions, op, list, ...(id !== undefined && { id }), query, shape });
      }
    } catch (err) {
      if (err instanceof NotShaped) return { execute: err.message };
      throw err;
    }
    return { fields };
  }

  return async function answer(args: ExecutionArgs): Promise<string | undefined> {
    const ctx = args.contextValue as GraphqlContext;
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation || operation.operation !== 'query') return undefined;
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 50 });
    if (coerced.errors) return undefined; // graphql-js answers them
    const variables = coerced.coerced;
    let documentKey: string | undefined;
    try {
      documentKey = `gql\u0000${sha1(args.document.loc?.source.body ?? '')}\u0000${args.operationName ?? ''}\u0000${JSON.stringify(variables)}`;
    } catch {
      documentKey = undefined; // variables JSON cannot write: worked out for this request only
    }
    const { actions } = ctx.runtime;
    const readsKey = documentKey && `${documentKey}\u0000reads\u0000${actions.permissions.fingerprint(ctx.principal)}`;
    const reads = actions.reads.get(readsKey, () => readsOf(ctx, args, variables));
    if ('execute' in reads) {
      actions.log?.debug({ reason: reads.execute }, 'graphql document executed by graphql-js');
      return undefined;
    }
    const source = args.document.loc?.source;
    const located = (error: Error, positions: readonly number[], path: readonly (string | number)[]) =>
      formatError(new GraphQLError(error.message, { source, positions, path, originalError: error }));
    const extras = graphqlRead(ctx);
    // the permission of the operation, checked before anything else of the field (wrap-resolvers.ts)
    const permitted = (op: Operation) => {
      const permission = op.permission ?? `${op.uid}.${op.action}`;
      const dot = permission.lastIndexOf('.');
      if (!ctx.can(permission.slice(0, dot), permission.slice(dot + 1))) throw new ForbiddenError(messages.graphqlForbidden());
    };
    const values = await Promise.all(reads.fields.map(async (field): Promise<{ text: string; errors: GraphQLFormattedError[] }> => {
      if (field.kind === 'typename') return { text: field.json, errors: [] };
      try {
        permitted(field.op);
        if (field.kind === 'error') throw field.error;
        const { op, shape } = field;
        let text: string;
        try {
          ({ text } = await answerRead(actions, ctx.caller, {
            uid: op.uid, list: field.list, ...(field.id !== undefined && { id: field.id }), query: field.query, extras, shape: () => shape,
            ...(documentKey !== undefined && { key: `${documentKey}\u0000${field.key}` }),
          }));
        } catch (err) {
          // Strapi's GraphQL answers a missing entry with `data: null`
          if (!(err instanceof NotFoundError)) throw err;
          text = printerOf(shape)({ rows: null });
        }
        const settled = settleChecks(text, shape);
        return {
          text: settled.text,
          errors: settled.errors.map((e) => located(e.enum ? new GraphQLError(e.message) : new Error(e.message), e.positions, [field.key, ...e.path])),
        };
      } catch (err) {
        return { text: 'null', errors: [located(err instanceof Error ? err : new Error(String(err)), field.positions, [field.key])] };
      }
    }));
    const errors = values.flatMap((v) => v.errors);
    const data = `{"data":{${reads.fields.map((f, i) => `${JSON.stringify(f.key)}:${values[i].text}`).join(',')}}}`;
    return errors.length === 0 ? data : `{"errors":${JSON.stringify(errors)},${data.slice(1)}`;
  };
}
