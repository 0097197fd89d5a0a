/**
 * compiler/load: the GraphQL extension module named by plugins.json `graphql.config.extension` (a path
 * relative to config/, an ES module `.mjs` inside the spec dir). Imports it once to read its typeDefs
 * (the default export is an object, or a function of `{ env }` returning one) and keeps its source so
 * the build can copy it into the artifacts. Problems are reported, never thrown.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DefinitionError } from '../errors.js';
import { strapiEnv } from './strapi-env.js';

export interface RawGraphqlExtension {
  /** spec-relative path of the module */
  file: string;
  /** the path as written in plugins.json */
  path: string;
  source: string;
  /** SDL to append to the published schema ('' when none) */
  typeDefs: string;
}

const POINTER = '/graphql/config/extension';

export async function loadGraphqlExtension(specDir: string, configDir: string, pluginsFile: string, written: unknown, problems: DefinitionError[]): Promise<RawGraphqlExtension | undefined> {
  const fail = (message: string, file = pluginsFile, pointer = POINTER) => {
    problems.push(new DefinitionError(file, pointer, message));
    return undefined;
  };
  if (typeof written !== 'string' || !written.endsWith('.mjs')) return fail('extension must be the path of an ES module (.mjs), relative to config/');
  const abs = resolve(configDir, written);
  if (!abs.startsWith(resolve(specDir) + sep)) return fail('extension must stay inside the spec directory');
  if (!existsSync(abs)) return fail(`extension module ${written} not found`);
  const file = relative(specDir, abs).split(sep).join('/');
  const source = readFileSync(abs, 'utf8');
  let exported: unknown;
  try {
    // the content hash keeps a rebuild in the same process from reusing a stale module
    const version = createHash('sha256').update(source).digest('hex').slice(0, 16);
    exported = ((await import(`${pathToFileURL(abs).href}?v=${version}`)) as { default?: unknown }).default;
    if (typeof exported === 'function') exported = await (exported as (c: unknown) => unknown)({ env: strapiEnv(process.env) });
  } catch (err) {
    return fail(`cannot load: ${(err as Error).message.split('\n')[0]}`, file, '');
  }
  if (exported === null || typeof exported !== 'object' || Array.isArray(exported)) {
    return fail('the default export must be an object { typeDefs, resolvers, resolversConfig } or a function returning one', file, '');
  }
  const typeDefs = (exported as { typeDefs?: unknown }).typeDefs ?? '';
  if (typeof typeDefs !== 'string') return fail('typeDefs must be a string of GraphQL SDL', file, '/typeDefs');
  return { file, path: written, source, typeDefs };
}
