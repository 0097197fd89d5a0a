/**
 * engine: runtime commands (`serve`, `token`). The compiler commands live in build/cli.ts.
 */
export async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`usage: quire <command>\n  build --src <spec-dir> --out <artifacts-dir>\n  check --src <spec-dir> --artifacts <artifacts-dir>\n  serve --artifacts <artifacts-dir>\n`);
    return command ? 0 : 2;
  }
  process.stderr.write(`quire: unknown command "${command}"; run quire --help\n`);
  return 2;
}
