#!/usr/bin/env node
// quire command line. `build`, `check` and `diff` belong to the compiler (dist/compiler), the other commands
// to the runtime (dist/engine); neither side imports the other's entry point.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const compilerCommands = new Set(['build', 'check', 'diff']);
const side = compilerCommands.has(args[0]) ? 'compiler' : 'engine';
const entry = join(root, 'dist', side, 'cli.js');
if (!existsSync(entry)) {
  process.stderr.write(`quire: not compiled yet; run \`make install\` in ${root}\n`);
  process.exit(2);
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(args);
