/**
 * compiler/load: a Strapi v4 project's own code -> one CommonJS bundle for the artifacts dir, built
 * with esbuild (JavaScript and TypeScript, CommonJS and ESM, the packages they import included), so
 * the artifacts stay the engine's only input. `@strapi/strapi` and `@strapi/utils` are not bundled:
 * they resolve to the shims the loader hands in. The bundle exports `load(shims)`, which returns each
 * module of the project as a function that requires it (so nothing runs before the engine asks); the
 * build also learns every file of the project the bundle holds (for the check of its `strapi.*` uses).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import { DefinitionError } from '../errors.js';
import { PROJECT_CODE_FILE } from '../model/project-code.js';
import { isCoreFactory, isEmptyEntryFile } from './scan-project-parts.js';

const CODE = /\.(js|cjs|mjs|ts|cts|mts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const API_FOLDERS = ['routes', 'controllers', 'services', 'middlewares', 'policies'] as const;
const CORE_FACTORY: Record<string, string> = { controllers: 'createCoreController', routes: 'createCoreRouter', services: 'createCoreService' };
/** config files the code may read through `strapi.config`; database and admin settings are quire's own */
const SKIPPED_CONFIG = new Set(['database', 'admin']);
/** the packages whose shims the engine provides */
export const SHIMMED = ['@strapi/strapi', '@strapi/utils'] as const;
const SHIMS = 'quire:shims';

export interface ProjectModule {
  /** relative to the project root, extension dropped: `src/api/page/routes/page` */
  readonly key: string;
  /** relative to the project root: `src/api/page/routes/page.js` */
  readonly file: string;
}

const listDir = (dir: string): string[] => (existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir).sort() : []);
const isCode = (name: string) => CODE.test(name) && !DECLARATION.test(name);

/** The modules Strapi would load from `root`, in a stable order. */
export function projectModules(root: string): ProjectModule[] {
  const src = join(root, 'src');
  const files: string[] = [];
  for (const api of listDir(join(src, 'api'))) {
    const dir = join(src, 'api', api);
    if (!statSync(dir).isDirectory()) continue;
    for (const folder of API_FOLDERS) files.push(...listDir(join(dir, folder)).filter(isCode).map((n) => join(dir, folder, n)));
    for (const ct of listDir(join(dir, 'content-types'))) {
      files.push(...listDir(join(dir, 'content-types', ct)).filter((n) => /^lifecycles\.[cm]?[jt]s$/.test(n)).map((n) => join(dir, 'content-types', ct, n)));
    }
  }
  for (const folder of ['middlewares', 'policies']) files.push(...listDir(join(src, folder)).filter(isCode).map((n) => join(src, folder, n)));
  const index = ['index.js', 'index.ts', 'index.cjs', 'index.mjs'].map((n) => join(src, n)).find((p) => existsSync(p));
  if (index) files.push(index);
  const rel = (p: string) => relative(root, p).split(sep).join('/');
  return files.filter((f) => statSync(f).isFile()).map((f) => ({ file: rel(f), key: rel(f).replace(CODE, '') }));
}

/** The config files the code may read (`config/server.js`, `config/custom.js`...), by name. */
export function configModules(root: string): ProjectModule[] {
  return listDir(join(root, 'config'))
    .filter((n) => isCode(n) && !SKIPPED_CONFIG.has(n.replace(CODE, '')))
    .map((n) => ({ file: `config/${n}`, key: `config/${n.replace(CODE, '')}` }));
}

/**
 * Does the project have code of its own, beyond Strapi's core factories and an empty `src/index.js`?
 * Without it, nothing is bundled and the project is served exactly as its content-types say.
 */
export function hasOwnCode(root: string, modules: readonly ProjectModule[]): boolean {
  return modules.some(({ file }) => {
    const text = readFileSync(join(root, file), 'utf8');
    if (/^src\/index\.[cm]?[jt]s$/.test(file)) return !isEmptyEntryFile(text);
    const folder = file.split('/')[3];
    const factory = CORE_FACTORY[folder];
    return !(factory && isCoreFactory(text, factory));
  });
}

/** The entry esbuild starts from: `load(shims)` -> `{ '<key>': () => require('./<file>') }`. */
function entrySource(modules: readonly ProjectModule[]): string {
  const lines = modules.map(({ key, file }) => `    ${JSON.stringify(key)}: () => require(${JSON.stringify(`./${file}`)}),`);
  return [
    `const shims = require(${JSON.stringify(SHIMS)});`,
    'module.exports = function load(given) {',
    '  shims.set(given);',
    '  return {',
    ...lines,
    '  };',
    '};',
    '',
  ].join('\n');
}

/** `@strapi/strapi` and `@strapi/utils` -> the shims; any other `@strapi/*` package is refused. */
const shimPlugin: Plugin = {
  name: 'quire-shims',
  setup(b) {
    b.onResolve({ filter: /^quire:shims$/ }, () => ({ path: SHIMS, namespace: 'quire' }));
    b.onResolve({ filter: /^@strapi\// }, (args) => {
      if ((SHIMMED as readonly string[]).includes(args.path)) return { path: args.path, namespace: 'quire' };
      return { errors: [{ text: `${args.path} is not provided by quire (only ${SHIMMED.join(' and ')}, whose shims quire serves)` }] };
    });
    b.onLoad({ filter: /.*/, namespace: 'quire' }, (args) => ({
      loader: 'js',
      contents: args.path === SHIMS
        ? 'let current;\nexports.set = (s) => { current = s; };\nexports.get = (name) => current[name];\n'
        : `module.exports = require(${JSON.stringify(SHIMS)}).get(${JSON.stringify(args.path)});\n`,
    }));
  },
};

const toProblem = (m: Message): DefinitionError =>
  new DefinitionError(
    m.location ? `${m.location.file}:${m.location.line}` : PROJECT_CODE_FILE,
    '',
    /^Could not resolve "[^.]/.test(m.text) ? `${m.text}: a package the code imports is not installed (run npm install in the project first)` : m.text,
  );

/**
 * Bundle `modules` (files under `root`) into one CommonJS module for Node 20. Problems (a syntax
 * error, a package that is not installed) are returned with the file and line, never thrown.
 */
export async function bundleProjectCode(root: string, modules: readonly ProjectModule[]): Promise<{ source: string; files: string[] } | { problems: DefinitionError[] }> {
  try {
    const result = await build({
      stdin: { contents: entrySource(modules), resolveDir: root, sourcefile: 'quire-project-entry.js', loader: 'js' },
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
      charset: 'utf8',
      plugins: [shimPlugin],
      metafile: true,
      banner: { js: `// ${PROJECT_CODE_FILE}: the project's code, bundled by quire build with esbuild; do not edit` },
    });
    if (result.errors.length > 0) return { problems: result.errors.map(toProblem) };
    // every file of the project the bundle holds (what src/index.js requires too), not its packages
    const files = Object.keys(result.metafile?.inputs ?? {}).filter((f) => !f.includes(':') && f !== 'quire-project-entry.js' && !f.split('/').includes('node_modules') && CODE.test(f) && !DECLARATION.test(f)).sort();
    return { source: result.outputFiles[0].text, files };
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return { problems: errors.map(toProblem) };
    return { problems: [new DefinitionError(PROJECT_CODE_FILE, '', `cannot bundle the project's code: ${(err as Error).message.split('\n')[0]}`)] };
  }
}
