/**
 * bench: start-up and build cost on the generated spec of generate-spec.ts (200 content-types x 20
 * attributes): `quire build` (wall time, peak RSS), then `quire serve` on an empty database (schema
 * created) and again on the synced one (nothing to do): time until /_health answers and peak RSS.
 * Every step is its own process, so each peak RSS is that command's alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSpec } from './generate-spec.js';
import { freePort, memoryOf, quireEnv, ROOT } from './processes.js';

export interface StartupResult {
  types: number;
  build: { ms: number; peakMb: number };
  serve: { dialect: string; firstStartMs: number; firstPeakMb: number; restartMs: number; restartPeakMb: number }[];
}

const QUIRE = join(ROOT, 'bin', 'quire.js');

function timeBuild(spec: string, out: string): { ms: number; peakMb: number } {
  // the CLI inside a wrapper that reports its own peak RSS after the build (spawnSync cannot see it)
  const script = `const {main}=await import(${JSON.stringify(join(ROOT, 'dist', 'compiler', 'cli.js'))});const code=await main(['build','--src',${JSON.stringify(spec)},'--out',${JSON.stringify(out)}],{log(){},err:(s)=>console.error(s)});if(code)process.exit(code);console.log(process.resourceUsage().maxRSS)`;
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`quire build failed: ${r.stderr}`);
  return { ms, peakMb: Number(r.stdout.trim().split('\n').pop()) / 1024 };
}

/** `quire serve` until /_health answers; its peak RSS then; stopped with SIGTERM */
async function timeServe(artifacts: string, databaseUrl: string, cwd: string): Promise<{ ms: number; peakMb: number }> {
  const port = await freePort();
  const t = performance.now();
  const child = spawn(process.execPath, [QUIRE, 'serve', '--artifacts', artifacts], { env: quireEnv(databaseUrl, { PORT: String(port), LOG_LEVEL: 'warn' }), cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`quire serve exited ${child.exitCode}: ${err}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/_health`)).status === 204) break;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - t;
    return { ms, peakMb: memoryOf(child.pid as number).peakMb };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** `databases`: dialect -> a function making a fresh empty database URL */
export async function benchStartup(databases: Record<string, () => Promise<string>>, types = 200, attributes = 20): Promise<StartupResult> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-startup-'));
  try {
    generateSpec(join(dir, 'spec'), types, attributes);
    const out = join(dir, 'artifacts');
    const build = timeBuild(join(dir, 'spec'), out);
    const serve: StartupResult['serve'] = [];
    for (const [dialect, fresh] of Object.entries(databases)) {
      const url = await fresh();
      const first = await timeServe(out, url, dir);
      const again = await timeServe(out, url, dir);
      serve.push({ dialect, firstStartMs: first.ms, firstPeakMb: first.peakMb, restartMs: again.ms, restartPeakMb: again.peakMb });
    }
    return { types, build, serve };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
