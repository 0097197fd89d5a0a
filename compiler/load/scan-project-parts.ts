/**
 * compiler/load: the parts of a Strapi v4 project root that quire does not run, reported rather than
 * silently dropped: one warning per kind with the count and the first names (extensions other than the
 * users-permissions user type, local plugins, application middlewares of config/middlewares other than
 * Strapi's own, and plugins enabled in config/plugins or installed that quire does not serve). The
 * project's routers, controllers, services, policies, middlewares, lifecycles and register/bootstrap
 * code do run (load-project-code.ts). Reads files as text only; never runs them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DefinitionWarning } from '../errors.js';
import { POPULATE_DEEP_PLUGIN } from '../model/names.js';

/** Plugins whose Content API quire serves (config/plugins entries for them are read, not reported). */
export const SERVED_PLUGINS = new Set(['graphql', 'users-permissions', 'upload', 'i18n', 'documentation', 'email', POPULATE_DEEP_PLUGIN]);
/** package.json dependencies that are those plugins */
const SERVED_PACKAGES = new Set([...[...SERVED_PLUGINS].map((p) => `@strapi/plugin-${p}`), POPULATE_DEEP_PLUGIN]);
const PLUGIN_PACKAGE = /(^|\/)strapi-plugin-|^@strapi\/plugin-/;

const SHOWN = 3;

const listDir = (dir: string): string[] => (existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir).sort() : []);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of listDir(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (name !== '.gitkeep' && name !== '.DS_Store') out.push(p);
  }
  return out;
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** True when the file only exports Strapi's core factory, which quire's core actions stand in for. */
export function isCoreFactory(text: string, factory: string): boolean {
  const body = stripComments(text)
    .replace(/['"]use strict['"];?/g, '')
    // `const { factories } = require('@strapi/strapi');`, `const { createCoreController } = require('@strapi/strapi').factories;`
    .replace(/(const|let|var)\s*\{[\w\s,]*\}\s*=\s*require\(\s*['"]@strapi\/strapi['"]\s*\)(\.factories)?\s*;?/g, '')
    .replace(/import\s*\{[\w\s,]*\}\s*from\s*['"]@strapi\/strapi['"]\s*;?/g, '')
    .trim();
  return new RegExp(`^(module\\.exports\\s*=|export\\s+default)\\s*(require\\(\\s*['"]@strapi\\/strapi['"]\\s*\\)\\.)?(factories\\.)?${factory}\\(\\s*['"][^'"]+['"]\\s*\\)\\s*;?$`).test(body);
}

/** True when `src/index.js` holds only empty `register` / `bootstrap` functions (the generated file). */
export function isEmptyEntryFile(text: string): boolean {
  const rest = stripComments(text)
    .replace(/['"]use strict['"];?/g, '')
    .replace(/(async\s+)?(register|bootstrap|destroy)\s*\([^)]*\)\s*\{\s*\}/g, '')
    .replace(/module\.exports\s*=|export\s+default/g, '')
    .replace(/[\s{},;]/g, '');
  return rest === '';
}

function line(pattern: string, what: string, files: string[], extra = ''): DefinitionWarning {
  const shown = files.slice(0, SHOWN).join(', ');
  const more = files.length > SHOWN ? ` and ${files.length - SHOWN} more` : '';
  return new DefinitionWarning(pattern, '', `${files.length} ${what} not run by quire: ${shown}${more}${extra}`);
}

/** The Strapi plugins a project root's package.json depends on (`strapi-plugin-*`, `@strapi/plugin-*`), sorted. */
export function installedPlugins(root: string): string[] {
  const pkg = join(root, 'package.json');
  if (!existsSync(pkg)) return [];
  try {
    const deps = Object.keys((JSON.parse(readFileSync(pkg, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
    return deps.filter((d) => PLUGIN_PACKAGE.test(d)).sort();
  } catch {
    return [];
  }
}

/**
 * Warnings for a project root `root` whose sources are in `root/src`; `plugins` is config/plugins as loaded,
 * `middlewares` config/middlewares as loaded.
 * scanProjectParts('/app', { seo: { enabled: true } }) -> [`config/plugins.js: 1 plugin not run by quire: seo`, ...]
 */
export function scanProjectParts(root: string, plugins: { file: string; value: unknown } | undefined, middlewares?: { file: string; value: unknown }): DefinitionWarning[] {
  const src = join(root, 'src');
  const rel = (p: string) => relative(src, p).split(sep).join('/');
  const out: DefinitionWarning[] = [];
  for (const kind of ['plugins'] as const) {
    const names = listDir(join(src, kind)).map((n) => `plugins/${n}`);
    if (names.length > 0) out.push(line(`src/${kind}`, `local plugin${names.length === 1 ? '' : 's'}`, names));
  }
  const userSchema = 'extensions/users-permissions/content-types/user/schema.json';
  const extensions = filesUnder(join(src, 'extensions')).map(rel).filter((f) => f !== userSchema);
  if (extensions.length > 0) out.push(line('src/extensions', `extension file${extensions.length === 1 ? '' : 's'}`, extensions, ' (only the users-permissions user schema is read)'));
  // config/middlewares: Strapi's own (strapi::*) are quire's lifecycle; the project's application-wide ones are not run
  const appMiddlewares = Array.isArray(middlewares?.value)
    ? (middlewares.value as unknown[]).map((m) => (typeof m === 'string' ? m : m !== null && typeof m === 'object' ? String((m as { name?: unknown; resolve?: unknown }).name ?? (m as { resolve?: unknown }).resolve) : '')).filter((n) => n !== '' && !n.startsWith('strapi::'))
    : [];
  if (middlewares && appMiddlewares.length > 0) out.push(line(middlewares.file, `application middleware${appMiddlewares.length === 1 ? '' : 's'}`, appMiddlewares, ' (route middlewares named in a router run)'));
  const value = plugins?.value;
  if (plugins && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const unserved = Object.entries(value as Record<string, unknown>)
      .filter(([name, cfg]) => !SERVED_PLUGINS.has(name) && !(cfg !== null && typeof cfg === 'object' && (cfg as { enabled?: unknown }).enabled === false))
      .map(([name]) => name)
      .sort();
    if (unserved.length > 0) out.push(line(plugins.file, `plugin${unserved.length === 1 ? '' : 's'} enabled in config`, unserved));
  }
  const installed = installedPlugins(root).filter((d) => !SERVED_PACKAGES.has(d));
  if (installed.length > 0) out.push(line('package.json', `installed Strapi plugin${installed.length === 1 ? '' : 's'}`, installed, ' (custom fields they register are served as the type they store)'));
  return out;
}
