/**
 * compiler/diff (cli): `quire diff <old-dir> <new-dir>` and `quire diff --base <git-ref> [<new-dir>]`.
 * Prints every change classed breaking, dangerous or safe (text, or --json); exit 1 when a breaking
 * change is found unless --allow-breaking, 2 for bad usage or unreadable contracts.
 */
import { parseArgs } from 'node:util';
import { countChanges, type Change } from './change.js';
import { diffContracts } from './diff-contracts.js';
import { ContractsUnreadable, loadContracts, loadContractsAtRef, type Contracts } from './load-contracts.js';

export const DIFF_USAGE = `usage:
  quire diff <old-artifacts-dir> <new-artifacts-dir> [--json] [--allow-breaking]
  quire diff --base <git-ref> [<new-artifacts-dir>] [--artifacts <path-at-ref>] [--json] [--allow-breaking]
    <new-artifacts-dir> defaults to specs/example/artifacts; --artifacts (the artifacts' path in the
    repository at <git-ref>) defaults to <new-artifacts-dir>`;

const DEFAULT_ARTIFACTS = 'specs/example/artifacts';

type Out = { log: (s: string) => void; err: (s: string) => void };

export async function runDiff(argv: string[], io: Out): Promise<number> {
  let values: { json?: boolean; 'allow-breaking'?: boolean; base?: string; artifacts?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { json: { type: 'boolean' }, 'allow-breaking': { type: 'boolean' }, base: { type: 'string' }, artifacts: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    io.err(`quire diff: ${(err as Error).message}\n${DIFF_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.log(DIFF_USAGE);
    return 0;
  }
  let before: Contracts;
  let after: Contracts;
  try {
    if (values.base !== undefined) {
      if (positionals.length > 1) return usage(io, 'with --base give at most one directory (the new artifacts)');
      const dir = positionals[0] ?? DEFAULT_ARTIFACTS;
      before = loadContractsAtRef(values.base, values.artifacts ?? dir);
      after = loadContracts(dir);
    } else {
      if (positionals.length !== 2) return usage(io, 'give the old and the new artifacts directories, or --base <git-ref>');
      if (values.artifacts !== undefined) return usage(io, '--artifacts goes with --base');
      before = loadContracts(positionals[0]);
      after = loadContracts(positionals[1]);
    }
  } catch (err) {
    if (err instanceof ContractsUnreadable) {
      io.err(`quire diff: ${err.message}`);
      return 2;
    }
    throw err;
  }
  let changes: Change[];
  try {
    changes = await diffContracts(before, after);
  } catch (err) {
    io.err(`quire diff: could not compare the contracts: ${(err as Error).message}`);
    return 2;
  }
  const counts = countChanges(changes);
  const failed = counts.breaking > 0 && !values['allow-breaking'];
  if (values.json) io.log(JSON.stringify({ old: before.source, new: after.source, summary: counts, changes }, null, 2));
  else {
    io.log(`quire diff: ${before.source} -> ${after.source}`);
    for (const c of changes) io.log(`  ${c.level.padEnd(9)} ${c.api.padEnd(7)} ${c.path}: ${c.message}  [${c.kind}]`);
    io.log(changes.length ? `quire diff: ${counts.breaking} breaking, ${counts.dangerous} dangerous, ${counts.safe} safe` : 'quire diff: no changes');
  }
  if (failed) io.err(`quire diff: ${counts.breaking} breaking change${counts.breaking === 1 ? '' : 's'}; pass --allow-breaking to accept ${counts.breaking === 1 ? 'it' : 'them'}`);
  return failed ? 1 : 0;
}

function usage(io: Out, problem: string): number {
  io.err(`quire diff: ${problem}\n${DIFF_USAGE}`);
  return 2;
}
