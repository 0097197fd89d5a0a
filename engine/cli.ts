/**
 * engine: runtime commands. `serve` runs the API from an artifacts dir; `token` makes, lists,
 * revokes and regenerates API tokens (engine/cli/token-command.ts); `admin create` makes the admin
 * user a token can belong to; `indexes` prints the speed indexes for a database Strapi manages;
 * `webhooks list|deliveries|test` (engine/cli/webhooks-command.ts). The compiler commands (build,
 * check, diff) live in compiler/cli.ts. `.env` of the working directory is read first. Every failure
 * a user can cause ends in one line on stderr and its own exit code (engine/cli/exit-codes.ts); only a
 * bug shows a stack, with QUIRE_DEBUG=1.
 */
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { hashPassword, passwordBytes, PASSWORD_MAX_BYTES } from './auth/passwords.js';
import { ArtifactsError, loadArtifacts } from './artifacts/load-artifacts.js';
import { tuneHeap } from './boot/tune-heap.js';
import { resolveDataDir } from './config/data-dir.js';
import { loadDotEnv } from './config/dot-env.js';
import { ConfigError, loadServerConfig } from './config/server-config.js';
import { EXIT } from './cli/exit-codes.js';
import { openProject } from './cli/open-project.js';
import { tokenCommand } from './cli/token-command.js';
import { COMMAND_USAGE, COMMANDS, suggest, USAGE } from './cli/usage.js';
import { ServiceUnavailableError } from './errors/index.js';
import { ProjectCodeError } from './project/load-project.js';
import { createRepository, databaseTitle, describeChange, SchemaSyncRefused, speedIndexSql, StrapiSchemaMismatch, syncSchema, type DatabaseName } from './repository/index.js';
import { describeDatabase } from './config/database-settings.js';
import { ListenError } from './listen-error.js';
import { MAX_WORKERS } from './serve-workers.js';
import { webhooksCommand } from './cli/webhooks-command.js';

type Io = { log: (s: string) => void; err: (s: string) => void };
const stdio: Io = { log: (s) => process.stdout.write(s + '\n'), err: (s) => process.stderr.write(s + '\n') };

export { USAGE };

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        loadDotEnv();
        return await serve(rest, io);
      case 'token':
        loadDotEnv();
        return await tokenCommand(rest, io);
      case 'admin':
        loadDotEnv();
        return await admin(rest, io);
      case 'indexes':
        return indexes(rest, io);
      case 'webhooks':
        return await webhooksCommand(rest, io);
      case undefined:
        io.err(USAGE);
        return EXIT.USAGE;
      case 'help':
      case '--help':
      case '-h':
        io.log(rest[0] && COMMAND_USAGE[rest[0]] ? COMMAND_USAGE[rest[0]] : USAGE);
        return EXIT.OK;
      default: {
        const near = command.startsWith('-') ? undefined : suggest(command, COMMANDS);
        io.err(`quire: unknown ${command.startsWith('-') ? 'option' : 'command'} "${command}"${near ? `; did you mean "quire ${near}"?` : ''} (quire --help lists the commands)`);
        return EXIT.USAGE;
      }
    }
  } catch (err) {
    return failure(command ?? '', err, io);
  }
}

/** one line and an exit code for every failure a user can cause; anything else is rethrown (a bug) */
function failure(command: string, err: unknown, io: Io): number {
  const say = (line: string, code: number) => (io.err(`quire ${command}: ${line}`), code);
  if (err instanceof ServiceUnavailableError) {
    const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
    const reason = [cause?.code, cause?.message].filter((x) => typeof x === 'string' && x).join(' ') || err.message;
    let where = 'the database';
    try {
      where = `the database at ${describeDatabase(loadServerConfig(process.env, { artifactsDir: '', stateDir: resolveDataDir(undefined, process.env) }).databaseUrl)}`;
    } catch {
      // the settings themselves were the problem: said by their own error
    }
    return say(`${where} is unavailable (${reason.split('\n')[0]})`, EXIT.DATABASE);
  }
  if (err instanceof ConfigError) return say(err.message, EXIT.CONFIG);
  if (err instanceof ArtifactsError || err instanceof ProjectCodeError) return say(err.message, EXIT.ARTIFACTS);
  if (err instanceof SchemaSyncRefused || err instanceof StrapiSchemaMismatch) return say(err.message, EXIT.DATABASE);
  if (err instanceof ListenError) return say(err.message, EXIT.LISTEN);
  const code = (err as NodeJS.ErrnoException)?.code;
  if (err instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) return say(`${err.message} (quire ${command} --help)`, EXIT.USAGE);
  throw err;
}

async function serve(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { artifacts: { type: 'string' }, 'data-dir': { type: 'string' }, 'allow-destructive': { type: 'boolean' }, workers: { type: 'string' }, plan: { type: 'boolean' }, 'strapi-database': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    io.log(COMMAND_USAGE.serve);
    return EXIT.OK;
  }
  if (!values.artifacts) {
    io.err('quire serve: --artifacts is required (quire serve --help)');
    return EXIT.USAGE;
  }
  const workers = Number(values.workers ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    io.err(`quire serve: --workers must be an integer between 1 and ${MAX_WORKERS}`);
    return EXIT.USAGE;
  }
  const dataDir = resolveDataDir(values['data-dir'], process.env);
  // missing artifacts stop the start before anything is written to the data dir
  loadArtifacts(values.artifacts);
  const config = loadServerConfig(process.env, { artifactsDir: values.artifacts, allowDestructive: values['allow-destructive'], strapiDatabase: values['strapi-database'], stateDir: dataDir });
  if (values.plan) return plan(config.artifactsDir, config.databaseUrl, config.allowDestructive, io);
  // several processes: this one is the cluster primary; each worker runs this function again below
  // the server and everything it serves load only now: help and settings errors answer at once
  if (workers > 1 && cluster.isPrimary) return (await import('./serve-workers.js')).runPrimary(config, workers, io);
  tuneHeap(process.env);
  const { createLogger, startServer } = await import('./server.js');
  const { queryStatsFromEnv } = await import('./http/query-stats.js');
  const logger = createLogger(config.logLevel, Boolean(process.stdout.isTTY) && !config.production && process.env.QUIRE_LOG_FORMAT !== 'json');
  const running = await startServer(config, logger, undefined, { stats: queryStatsFromEnv(process.env) });
  await new Promise<void>((resolve) => {
    const onSignal = (sig: string) => {
      process.stdout.write(`quire: ${sig} received, finishing in-flight requests\n`);
      running.stop().then(resolve, resolve);
    };
    process.once('SIGTERM', () => onSignal('SIGTERM'));
    process.once('SIGINT', () => onSignal('SIGINT'));
  });
  // a worker's IPC channel would keep it alive; closing it lets the process exit 0
  if (cluster.isWorker) cluster.worker?.disconnect();
  return EXIT.OK;
}

/** `quire serve --plan`: the schema changes and the SQL the start would run, rolled back */
async function plan(artifactsDir: string, databaseUrl: string, allowDestructive: boolean, io: Io): Promise<number> {
  const { model } = loadArtifacts(artifactsDir);
  const repo = await createRepository({ model, databaseUrl });
  try {
    if (repo.strapiDatabase) {
      io.log(`-- ${describeDatabase(databaseUrl)} is managed by Strapi: quire changes nothing in it (see quire indexes)`);
      return EXIT.OK;
    }
    if (!repo.transactionalDdl) {
      io.err('quire serve --plan: MySQL commits each schema statement by itself, so a plan cannot be tried and rolled back there; run it on a copy of the database');
      return EXIT.CONFIG;
    }
    const report = await syncSchema(repo, model, { allowDestructive: true, dryRun: true });
    io.log(`-- schema plan for ${describeDatabase(databaseUrl)}: ${report.changes.length} change(s), nothing applied`);
    for (const c of report.changes) io.log(`-- ${c.destructive ? '[destructive] ' : ''}${describeChange(c)}`);
    for (const sql of report.statements ?? []) io.log(`${sql};`);
    const destructive = report.changes.filter((c) => c.destructive).length;
    if (destructive && !allowDestructive) io.log(`-- ${destructive} destructive change(s): quire serve refuses them unless --allow-destructive`);
    return EXIT.OK;
  } finally {
    await repo.close();
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Strapi's admin password rule: 8+ characters with a lower-case letter, an upper-case letter and a digit. */
function adminPasswordProblem(password: string): string | undefined {
  if (password.length < 8) return 'must be at least 8 characters';
  if (passwordBytes(password) > PASSWORD_MAX_BYTES) return `must be at most ${PASSWORD_MAX_BYTES} bytes`;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) return 'must contain a lower-case letter, an upper-case letter and a digit';
  return undefined;
}

async function admin(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.log(COMMAND_USAGE.admin);
    return EXIT.OK;
  }
  if (sub !== 'create') {
    io.err(`quire admin: unknown subcommand "${sub ?? ''}" (quire admin --help)`);
    return EXIT.USAGE;
  }
  const { values } = parseArgs({
    args: rest,
    options: { artifacts: { type: 'string' }, 'data-dir': { type: 'string' }, email: { type: 'string' }, firstname: { type: 'string' }, lastname: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    io.log(COMMAND_USAGE.admin);
    return EXIT.OK;
  }
  if (!values.artifacts || !values.email || !values.firstname || !values.lastname || !values.password) {
    io.err('quire admin create: --artifacts, --email, --firstname, --lastname and --password are required (quire admin --help)');
    return EXIT.USAGE;
  }
  if (!EMAIL.test(values.email) || values.email.length > 255) {
    io.err(`quire admin create: "${values.email}" is not a valid email`);
    return EXIT.USAGE;
  }
  const problem = adminPasswordProblem(values.password);
  if (problem) {
    io.err(`quire admin create: the password ${problem}`);
    return EXIT.USAGE;
  }
  const { repo } = await openProject(values.artifacts, resolveDataDir(values['data-dir'], process.env));
  try {
    if (await repo.adminUsers.findByEmail(values.email)) {
      io.err(`quire admin create: an admin with email "${values.email.toLowerCase()}" already exists`);
      return EXIT.CONFLICT;
    }
    const created = await repo.adminUsers.create({ email: values.email, firstname: values.firstname, lastname: values.lastname, passwordHash: await hashPassword(values.password) });
    io.log(`admin ${created.id} ${created.email}`);
  } finally {
    await repo.close();
  }
  return EXIT.OK;
}

/** `quire indexes`: the indexes quire's own sync would create on Strapi's tables, for an operator to review and run. */
function indexes(args: string[], io: Io): number {
  const { values } = parseArgs({ args, options: { artifacts: { type: 'string' }, client: { type: 'string' } }, strict: true });
  if (!values.artifacts) {
    io.err('quire indexes: --artifacts is required (quire indexes --help)');
    return EXIT.USAGE;
  }
  const client = values.client ?? 'postgres';
  const title = databaseTitle(client);
  if (title === undefined) {
    io.err(`quire indexes: --client must be postgres, sqlite or mysql, got "${client}"`);
    return EXIT.USAGE;
  }
  const { model } = loadArtifacts(values.artifacts);
  io.log(`-- quire: indexes for reads on a ${title} database Strapi manages; names start with quire_`);
  for (const line of speedIndexSql(model, client as DatabaseName)) io.log(line);
  return EXIT.OK;
}
