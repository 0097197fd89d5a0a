/**
 * engine/config: where a project's state lives (the SQLite file, uploaded files, the generated
 * development secrets): `--data-dir`, else QUIRE_DATA_DIR, else `.quire/` under the current
 * directory. Returns an absolute path; never a folder inside an installed package.
 */
import { resolve, sep } from 'node:path';
import { ConfigError } from './env-values.js';

export const DEFAULT_DATA_DIR = '.quire';

/** `resolveDataDir(undefined, {}, '/srv/blog')` -> '/srv/blog/.quire' */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  const dir = resolve(cwd, flag || env.QUIRE_DATA_DIR || DEFAULT_DATA_DIR);
  // state inside node_modules is lost on the next install (and is another package's folder)
  if (dir.split(sep).includes('node_modules')) throw new ConfigError(`the data directory ${dir} is inside node_modules; run quire from your project's folder or pass --data-dir`);
  return dir;
}
