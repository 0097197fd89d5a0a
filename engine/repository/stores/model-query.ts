/**
 * engine/repository/stores: Objection queries that run where the context's statements run: on the
 * repository's knex, and inside a transaction on the transaction's connection (each knex query
 * Objection builds for it is bound with knex's `builder.connection()`), like run-sql.ts's query().
 *   modelQuery(ctx, ApiTokenModel).findOne({ access_key_hash: hash })
 */
import type { Knex } from 'knex';
import type { AnyQueryBuilder, Model, QueryBuilderType } from 'objection';
import type { RunContext } from '../run-context.js';

/**
 * `builder` bound to the transaction's connection when the context has one. The binding is an
 * `onBuild` hook of Objection's query context, which Objection passes on to every query the builder
 * starts (a relate's join-row insert, eager loading), so none of them leaves the transaction.
 */
export function bindModelQuery<QB extends AnyQueryBuilder>(ctx: RunContext, builder: QB): QB {
  const tx = ctx.tx;
  if (!tx) return builder;
  tx.check();
  const onConnection = (knexBuilder: Knex.QueryBuilder) => {
    tx.check();
    knexBuilder.connection(tx.connection);
  };
  return builder.context({ onBuild: (query: AnyQueryBuilder) => query.onBuildKnex(onConnection) });
}

/** `model.query()` on the context's knex (and transaction) */
export function modelQuery<C extends typeof Model>(ctx: RunContext, model: C): QueryBuilderType<InstanceType<C>> {
  return bindModelQuery(ctx, model.query(ctx.knex) as QueryBuilderType<InstanceType<C>>);
}
