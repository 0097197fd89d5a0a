/**
 * compiler/load: read a spec directory (quire layout `<dir>/api`, or a Strapi v4 project root
 * `<dir>/src/api`) into a RawSpec of parsed JSON plus the problems met while reading.
 * The only compiler stage that touches the file system for input; it checks syntax, not meaning.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DefinitionError, type DefinitionWarning } from '../errors.js';
import { loadGraphqlExtension, type RawGraphqlExtension } from './load-graphql-extension.js';
import { loadProjectCode, type RawProjectCode } from './load-project-code.js';
import { parseJson } from './parse-json.js';
import { installedPlugins, scanProjectParts } from './scan-project-parts.js';
import { strapiEnv } from './strapi-env.js';

export interface RawContentType {
  file: string;
  uid: string;
  apiName: string;
  schema: unknown;
}

export interface RawComponent {
  file: string;
  uid: string;
  category: string;
  name: string;
  schema: unknown;
}

export interface RawConfigFile {
  file: string;
  value: unknown;
}

export interface RawSpec {
  contentTypes: RawContentType[];
  components: RawComponent[];
  /** extra attributes of the users-permissions user (`extensions/users-permissions/...`) */
  userExtension?: { file: string; schema: unknown };
  config: {
    api?: RawConfigFile;
    plugins?: RawConfigFile;
    permissions?: RawConfigFile;
    i18n?: RawConfigFile;
    /** `config/custom-fields.json`: custom field uid -> stored type, for plugins quire does not know */
    customFields?: RawConfigFile;
    /** `config/middlewares.js` of a project root: its application middlewares (reported when quire does not run them) */
    middlewares?: RawConfigFile;
    /** `config/webhooks.json`: the project's webhooks */
    webhooks?: RawConfigFile;
  };
  /** the module plugins.json names in `graphql.config.extension`, loaded */
  graphqlExtension?: RawGraphqlExtension;
  problems: DefinitionError[];
  /** a project root's own code (routers, controllers, services, policies, middlewares, lifecycles, register/bootstrap) */
  projectCode?: RawProjectCode;
  /** parts of a Strapi project root that quire does not run (one warning per kind) */
  warnings: DefinitionWarning[];
  /** a Strapi project root: the Strapi plugins its package.json installs (Strapi enables them without config) */
  installedPlugins?: string[];
}

const listDirs = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()).sort() : [];

/** Load a spec directory. Never throws for bad content: problems are collected in `problems`. */
export async function loadSpec(dir: string): Promise<RawSpec> {
  const problems: DefinitionError[] = [];
  const src = existsSync(join(dir, 'src', 'api')) || existsSync(join(dir, 'src', 'components')) ? join(dir, 'src') : dir;
  const rel = (p: string) => relative(dir, p).split(sep).join('/');
  const readJson = (path: string): { ok: true; value: unknown } | { ok: false } => {
    const result = parseJson(readFileSync(path, 'utf8'));
    if (result.ok) return result;
    problems.push(new DefinitionError(rel(path), '', result.message));
    return { ok: false };
  };

  const spec: RawSpec = { contentTypes: [], components: [], config: {}, problems, warnings: [] };
  if (!existsSync(join(src, 'api')) && !existsSync(join(src, 'components'))) {
    problems.push(new DefinitionError(rel(join(src, 'api')) || '.', '', 'no api/ or components/ folder: not a Strapi v4 spec directory'));
    return spec;
  }

  for (const apiName of listDirs(join(src, 'api'))) {
    const ctRoot = join(src, 'api', apiName, 'content-types');
    for (const name of listDirs(ctRoot)) {
      const file = join(ctRoot, name, 'schema.json');
      if (!existsSync(file)) {
        problems.push(new DefinitionError(rel(join(ctRoot, name)), '', 'content-type folder has no schema.json'));
        continue;
      }
      const json = readJson(file);
      if (json.ok) spec.contentTypes.push({ file: rel(file), uid: `api::${apiName}.${name}`, apiName, schema: json.value });
    }
  }

  for (const category of listDirs(join(src, 'components'))) {
    const catDir = join(src, 'components', category);
    for (const entry of readdirSync(catDir).sort()) {
      if (!entry.endsWith('.json')) continue;
      const file = join(catDir, entry);
      const json = readJson(file);
      const name = entry.slice(0, -'.json'.length);
      if (json.ok) spec.components.push({ file: rel(file), uid: `${category}.${name}`, category, name, schema: json.value });
    }
  }

  const userExt = join(src, 'extensions', 'users-permissions', 'content-types', 'user', 'schema.json');
  if (existsSync(userExt)) {
    const json = readJson(userExt);
    if (json.ok) spec.userExtension = { file: rel(userExt), schema: json.value };
  }

  const configDir = join(dir, 'config');
  for (const key of ['api', 'plugins', 'permissions', 'i18n', 'customFields', 'middlewares', 'webhooks'] as const) {
    const base = key === 'customFields' ? 'custom-fields' : key;
    const jsonFile = join(configDir, `${base}.json`);
    const jsFile = join(configDir, `${base}.js`);
    if (existsSync(jsonFile)) {
      const json = readJson(jsonFile);
      if (json.ok) spec.config[key] = { file: rel(jsonFile), value: json.value };
    } else if ((key === 'api' || key === 'plugins' || key === 'middlewares') && existsSync(jsFile)) {
      try {
        spec.config[key] = { file: rel(jsFile), value: await loadJsConfig(jsFile) };
      } catch (err) {
        problems.push(new DefinitionError(rel(jsFile), '', `cannot load: ${(err as Error).message.split('\n')[0]}`));
      }
    }
  }

  const plugins = spec.config.plugins;
  const graphql = isRecord(plugins?.value) && isRecord(plugins.value.graphql) ? plugins.value.graphql : undefined;
  const extension = graphql && isRecord(graphql.config) ? graphql.config.extension : undefined;
  if (plugins && extension !== undefined) spec.graphqlExtension = await loadGraphqlExtension(dir, configDir, plugins.file, extension, problems);
  if (src !== dir) {
    spec.warnings.push(...scanProjectParts(dir, spec.config.plugins, spec.config.middlewares));
    spec.installedPlugins = installedPlugins(dir);
    spec.projectCode = await loadProjectCode(dir, problems);
  }
  return spec;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A Strapi config file exports an object or a function of `{ env }` returning one. */
async function loadJsConfig(path: string): Promise<unknown> {
  let exported: unknown;
  try {
    exported = createRequire(import.meta.url)(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ESM') throw err;
    exported = ((await import(pathToFileURL(path).href)) as { default: unknown }).default;
  }
  if (exported && typeof exported === 'object' && 'default' in exported) exported = (exported as { default: unknown }).default;
  return typeof exported === 'function' ? (exported as (a: unknown) => unknown)({ env: strapiEnv(process.env) }) : exported;
}
