/**
 * compiler/diff (load): the published contracts of one build, read from an artifacts directory or from
 * the artifacts committed at a git ref (`git show <ref>:<path>`). The only fs and git access of the
 * diff; returns plain data for diff-contracts.ts. An absent file is `undefined`, not an error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Json } from './compare-schemas.js';

export interface Contracts {
  /** where they came from: a directory, or `<ref>:<path>` */
  readonly source: string;
  readonly openapi?: Json;
  readonly sdl?: string;
}

export class ContractsUnreadable extends Error {}

export const CONTRACT_FILES = { openapi: 'openapi.json', sdl: 'schema.graphql' } as const;

function parse(source: string, openapi: string | undefined, sdl: string | undefined): Contracts {
  if (openapi === undefined && sdl === undefined) throw new ContractsUnreadable(`${source}: neither ${CONTRACT_FILES.openapi} nor ${CONTRACT_FILES.sdl} found`);
  let doc: Json | undefined;
  if (openapi !== undefined) {
    try {
      doc = JSON.parse(openapi) as Json;
    } catch (err) {
      throw new ContractsUnreadable(`${source}/${CONTRACT_FILES.openapi}: not valid JSON (${(err as Error).message})`);
    }
    if (typeof doc !== 'object' || doc === null || typeof doc.paths !== 'object') throw new ContractsUnreadable(`${source}/${CONTRACT_FILES.openapi}: not an OpenAPI document (no paths)`);
  }
  return { source, openapi: doc, sdl };
}

/** `specs/example/artifacts` -> its openapi.json and schema.graphql */
export function loadContracts(dir: string): Contracts {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ContractsUnreadable(`${dir}: no such directory`);
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
  return parse(dir, read(CONTRACT_FILES.openapi), read(CONTRACT_FILES.sdl));
}

const git = (args: string[], cwd: string) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/** `main`, `specs/example/artifacts` -> the files as committed at main (`git show main:specs/example/artifacts/openapi.json`) */
export function loadContractsAtRef(ref: string, dir: string, cwd = process.cwd()): Contracts {
  let top: string;
  try {
    top = git(['rev-parse', '--show-toplevel'], cwd).trim();
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd);
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
    throw new ContractsUnreadable(stderr ? `git: ${stderr}` : `"${ref}" is not a commit of the git repository at ${cwd}`);
  }
  const path = relative(top, resolve(cwd, dir)).split(sep).join('/');
  if (path.startsWith('..')) throw new ContractsUnreadable(`${dir} is outside the git repository at ${top}`);
  const show = (name: string) => {
    try {
      return git(['show', `${ref}:${path ? `${path}/` : ''}${name}`], top);
    } catch {
      return undefined;
    }
  };
  return parse(`${ref}:${path}`, show(CONTRACT_FILES.openapi), show(CONTRACT_FILES.sdl));
}
