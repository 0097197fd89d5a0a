/**
 * test helpers: `quire serve` (the example's artifacts) as a child process, resolved once it prints
 * its start line: the process, its URL, its exit code to come and everything it wrote so far.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { EXAMPLE_SPEC, REPO_ROOT } from './spec-dir.js';

export const QUIRE_BIN = join(REPO_ROOT, 'bin', 'quire.js');
export const EXAMPLE_ARTIFACTS = join(EXAMPLE_SPEC, 'artifacts');

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  exit: Promise<number | null>;
  output: () => string;
}

export function serveProcess(env: NodeJS.ProcessEnv, cwd: string, startMs = 20_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [QUIRE_BIN, 'serve', '--artifacts', EXAMPLE_ARTIFACTS], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise<ServeProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line: ${out}`)), startMs);
    const on = (d: Buffer) => {
      out += d.toString();
      const m = /quire serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], exit, output: () => out });
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    void exit.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}
