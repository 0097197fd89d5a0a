/**
 * engine/config: reads `.env` of the working directory into process.env before the settings are
 * checked, with Node's own parser (`process.loadEnvFile`, Node >= 20.12): no dependency, and the
 * same syntax as `node --env-file`. A variable already set in the environment wins over the file.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './env-values.js';

/** returns the file it read, or undefined when there is none */
export function loadDotEnv(cwd = process.cwd()): string | undefined {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return undefined;
  try {
    process.loadEnvFile(file);
  } catch (err) {
    throw new ConfigError(`could not read ${file}: ${(err as Error).message}`);
  }
  return file;
}
