/**
 * bench: time and peak memory of `quire build` on a generated spec of 200 content-types with 20
 * attributes each. Runs the real CLI in a child process so its peak RSS is its own.
 *   node dist/test/bench/build-bench.js [types] [attributes]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSpec } from './generate-spec.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const types = Number(process.argv[2] ?? 200);
const attributes = Number(process.argv[3] ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
generateSpec(join(dir, 'spec'), types, attributes);
const runs: { ms: number; rssMb: number }[] = [];
for (let i = 0; i < 3; i++) {
  const script = `const t=performance.now();const {main}=await import(${JSON.stringify(join(root, 'dist', 'compiler', 'cli.js'))});const code=await main(['build','--src',${JSON.stringify(join(dir, 'spec'))},'--out',${JSON.stringify(join(dir, 'out'))}],{log(){},err:(s)=>console.error(s)});if(code)process.exit(code);console.log(JSON.stringify({ms:performance.now()-t,rssMb:process.resourceUsage().maxRSS/1024}))`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  runs.push(JSON.parse(r.stdout.trim().split('\n').pop() as string));
}
const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
console.log(`quire build, ${types} content-types x ${attributes} attributes: best of 3 ${best.ms.toFixed(0)} ms (runs ${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms), peak RSS ${Math.max(...runs.map((r) => r.rssMb)).toFixed(0)} MB`);
rmSync(dir, { recursive: true, force: true });
