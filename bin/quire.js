#!/usr/bin/env node
// quire command line. `build`, `check` and `diff` belong to the compiler (dist/compiler), the other commands
// to the runtime (dist/engine); neither side imports the other's entry point. `--version` is answered here.
// A failure a user causes is one line from the command; anything else is a bug: one line too, and its
// stack with QUIRE_DEBUG=1.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

// `quire ... | head`: a closed pipe ends the output quietly
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args[0] === '--version' || args[0] === '-v' || args[0] === 'version') {
  process.stdout.write(`quire ${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version} (node ${process.version})\n`);
  process.exit(0);
}
const compilerCommands = new Set(['build', 'check', 'diff']);
const side = compilerCommands.has(args[0]) ? 'compiler' : 'engine';
const entry = join(root, 'dist', side, 'cli.js');
if (!existsSync(entry)) {
  process.stderr.write(`quire: not compiled yet; run \`make install\` in ${root}\n`);
  process.exit(2);
}
try {
  const { main } = await import(pathToFileURL(entry).href);
  process.exitCode = await main(args);
} catch (err) {
  const message = String(err?.message ?? err).split('\n')[0];
  process.stderr.write(`quire ${args[0] ?? ''}: internal error: ${message}${process.env.QUIRE_DEBUG ? `\n${err?.stack ?? ''}` : ' (QUIRE_DEBUG=1 prints the stack)'}\n`);
  process.exitCode = 70;
}
