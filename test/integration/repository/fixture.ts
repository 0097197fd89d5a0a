/**
 * test fixture (repository suites): a synced repository over a fresh database of the dialect under
 * test, the statements it sent, its knex for direct inserts (join rows), and plan builders so tests
 * read as data. Not a test file itself.
 */
import type { Knex } from 'knex';
import type { NormalizedModel } from '../../../compiler/model/types.js';
import type { FindPlan, WhereNode, WriteData } from '../../../engine/plan/types.js';
import { createRepository, syncSchema } from '../../../engine/repository/index.js';
import { KnexRepository } from '../../../engine/repository/knex-repository.js';
import type { Repository } from '../../../engine/repository/types.js';
import { dropTestDatabase, loadExampleModel, testDatabaseUrl, TEST_DIALECT } from '../../helpers/database.js';

export const DIALECT = TEST_DIALECT;

export interface Fixture {
  repo: Repository;
  knex: Knex;
  model: NormalizedModel;
  databaseUrl: string;
  /** statements sent since the last `queries.length = 0` */
  queries: string[];
  /** close the repository; drop the database when this fixture made it */
  close(): Promise<void>;
}

export async function openFixture(name: string, opts: { model?: NormalizedModel; databaseUrl?: string; sync?: boolean } = {}): Promise<Fixture> {
  const model = opts.model ?? (await loadExampleModel());
  const owned = opts.databaseUrl === undefined;
  const databaseUrl = opts.databaseUrl ?? (await testDatabaseUrl(name));
  const queries: string[] = [];
  const repo = await createRepository({ model, databaseUrl, onQuery: (sql) => queries.push(sql) });
  if (opts.sync !== false) await syncSchema(repo, model, { allowDestructive: false });
  queries.length = 0;
  const close = async () => {
    await repo.close();
    if (owned) await dropTestDatabase(databaseUrl);
  };
  return { repo, knex: (repo as KnexRepository).knex, model, databaseUrl, queries, close };
}

export const ARTICLE = 'api::article.article';
export const AUTHOR = 'api::author.author';
export const CATEGORY = 'api::category.category';
export const TAG = 'api::tag.tag';
export const EDITION = 'api::edition.edition';
export const HOMEPAGE = 'api::homepage.homepage';
export const SITE = 'api::site-setting.site-setting';
export const PROFILE = 'api::author-profile.author-profile';

export function data(scalars: Record<string, unknown>): WriteData {
  return { scalars, relations: {}, media: {}, components: {}, dynamicZones: {} };
}

export function findPlan(uid: string, over: Partial<FindPlan> = {}): FindPlan {
  return {
    kind: 'find', uid, sort: [], page: { style: 'page', page: 1, pageSize: 100, withCount: false },
    populate: {}, publicationState: 'preview', ...over,
  };
}

export const cmp = (field: string, op: Extract<WhereNode, { kind: 'cmp' }>['op'], value: unknown): WhereNode => ({ kind: 'cmp', field, op, value });

/** ids of a find, in order */
export async function ids(repo: Repository, uid: string, over: Partial<FindPlan> = {}): Promise<number[]> {
  const r = await repo.find(findPlan(uid, over));
  return r.entries.map((e) => e.id);
}

export async function create(repo: Repository, uid: string, scalars: Record<string, unknown>, publishedAt?: string | null): Promise<number> {
  return repo.create({ kind: 'create', uid, data: data(scalars), ...(publishedAt !== undefined ? { publishedAt } : {}) });
}

/** the error a promise rejects with (fails the test when it resolves) */
export async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
