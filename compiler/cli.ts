/**
 * build: `quire build --src <dir> --out <dir>` and `quire check --src <dir> --artifacts <dir>`;
 * `quire diff` (comparing two builds' contracts) is dispatched to diff/run-diff.ts.
 * Prints one line per definition problem and exits 1; writes nothing unless the whole build succeeds.
 * Warnings (what Strapi accepts and quire built anyway, project parts quire does not run) go to stderr
 * as `warning: ...` lines and do not change the exit code.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileSpec } from './compile.js';
import { BuildFailed } from './errors.js';
import { ARTIFACT_FILES } from './emit/emit-artifacts.js';
import { InvalidArtifact } from './emit/validate-artifacts.js';
import { DIFF_USAGE, runDiff } from './diff/run-diff.js';

const USAGE = `usage:
  quire build --src <spec-dir> --out <artifacts-dir>
  quire check --src <spec-dir> --artifacts <artifacts-dir>
${DIFF_USAGE.replace(/^usage:\n/, '')}`;

type Out = { log: (s: string) => void; err: (s: string) => void };
const stdio: Out = { log: (s) => process.stdout.write(s + '\n'), err: (s) => process.stderr.write(s + '\n') };

export async function main(argv: string[], io: Out = stdio): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'diff') return runDiff(rest, io);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { src: { type: 'string' }, out: { type: 'string' }, artifacts: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    io.err(`quire ${command}: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.log(USAGE);
    return 0;
  }
  const src = values.src as string | undefined;
  const target = (command === 'build' ? values.out : values.artifacts) as string | undefined;
  if (!src || !target) {
    io.err(`quire ${command}: --src and ${command === 'build' ? '--out' : '--artifacts'} are required\n${USAGE}`);
    return 2;
  }
  if (!existsSync(src)) {
    io.err(`quire ${command}: spec directory ${src} does not exist`);
    return 2;
  }
  let files: Record<string, string>;
  let typeCount = 0;
  try {
    const result = await compileSpec(resolve(src));
    for (const w of result.warnings) io.err(`warning: ${w.toLine()}`);
    files = result.files;
    typeCount = Object.values(result.model.contentTypes).filter((t) => t.namespace === 'api').length;
  } catch (err) {
    if (err instanceof BuildFailed) {
      for (const w of err.warnings) io.err(`warning: ${w.toLine()}`);
      for (const p of err.problems) io.err(`error: ${p.toLine()}`);
      io.err(`quire ${command}: ${err.message}; nothing written`);
      return 1;
    }
    if (err instanceof InvalidArtifact) {
      io.err(`quire ${command}: internal error: ${err.message}`);
      return 1;
    }
    throw err;
  }
  return command === 'build' ? writeArtifacts(target, files, typeCount, io) : checkArtifacts(target, files, io);
}

/** Write every file next to its final place first, then rename: a failed build leaves the old artifacts. */
function writeArtifacts(out: string, files: Record<string, string>, typeCount: number, io: Out): number {
  mkdirSync(out, { recursive: true });
  const staged: [string, string][] = [];
  try {
    for (const [name, content] of Object.entries(files)) {
      const final = join(out, name);
      const tmp = `${final}.tmp-${process.pid}`;
      mkdirSync(dirname(final), { recursive: true });
      writeFileSync(tmp, content);
      staged.push([tmp, final]);
    }
  } catch (err) {
    for (const [tmp] of staged) rmSync(tmp, { force: true });
    throw err;
  }
  for (const [tmp, final] of staged) renameSync(tmp, final);
  io.log(`quire build: ${typeCount} content-types -> ${Object.keys(files).sort().map((f) => join(out, f)).join(', ')}`);
  return 0;
}

function checkArtifacts(dir: string, files: Record<string, string>, io: Out): number {
  const stale: string[] = [];
  for (const name of [...new Set([...ARTIFACT_FILES, ...Object.keys(files)])]) {
    const path = join(dir, name);
    if (!existsSync(path)) {
      stale.push(`${path}: missing`);
      continue;
    }
    const committed = readFileSync(path, 'utf8');
    if (committed !== files[name]) stale.push(`${path}: differs from the spec (${firstDifference(committed, files[name])})`);
  }
  if (stale.length) {
    for (const s of stale) io.err(`stale: ${s}`);
    io.err(`quire check: artifacts are stale; run quire build --out ${dir} and commit the result`);
    return 1;
  }
  io.log(`quire check: ${dir} is up to date`);
  return 0;
}

function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i]) return `line ${i + 1}: committed ${JSON.stringify((la[i] ?? '<end>').trim().slice(0, 80))}, expected ${JSON.stringify((lb[i] ?? '<end>').trim().slice(0, 80))}`;
  return 'same lines';
}
