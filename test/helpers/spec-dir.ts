/**
 * test helpers: temporary spec directories made from a fixture and a list of edits, and an
 * in-process run of the CLI that captures what it prints.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES = join(REPO_ROOT, 'test', 'fixtures');
export const EXAMPLE_SPEC = join(REPO_ROOT, 'specs', 'example');
/** the second example: locales, localized and shared attributes (i18n) */
export const MULTILINGUAL_SPEC = join(REPO_ROOT, 'specs', 'multilingual');

export function tempDir(prefix = 'quire-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Copy a fixture spec (by name under test/fixtures/specs, or a path) into a temp dir. */
export function copySpec(nameOrPath: string): string {
  const from = nameOrPath.includes('/') ? nameOrPath : join(FIXTURES, 'specs', nameOrPath);
  const to = join(tempDir('quire-spec-'), 'spec');
  cpSync(from, to, { recursive: true });
  return to;
}

export function readJsonFile(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function writeJsonFile(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
}

/** Apply `edit` to a JSON file of a spec dir in place. */
export function editJson(dir: string, file: string, edit: (json: any) => void): void {
  const path = join(dir, file);
  const json = readJsonFile(path);
  edit(json);
  writeJsonFile(path, json);
}

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/** Run `main` of a CLI module in-process with captured output. */
export async function runCli(main: (argv: string[], io: { log: (s: string) => void; err: (s: string) => void }) => Promise<number>, argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { log: (s) => out.push(...s.split('\n')), err: (s) => err.push(...s.split('\n')) });
  return { code, out, err };
}
