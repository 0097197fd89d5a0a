/**
 * engine: runtime commands. `serve` runs the API from an artifacts dir; `token create` makes an API
 * token and prints only the token; `admin create` makes the admin user a token can belong to (its
 * writes then fill createdBy/updatedBy). The compiler commands (build, check) live in compiler/cli.ts.
 */
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { generateAccessKey, hashAccessKey, TOKEN_TYPES, type TokenType } from './auth/api-tokens.js';
import { hashPassword, passwordBytes, PASSWORD_MAX_BYTES } from './auth/passwords.js';
import { loadArtifacts, ArtifactsError } from './boot/load-artifacts.js';
import { tuneHeap } from './boot/tune-heap.js';
import { databaseUrlFromEnv } from './config/database-url.js';
import { ConfigError, loadServerConfig } from './config/server-config.js';
import { createRepository, SchemaSyncRefused, syncSchema } from './repository/index.js';
import { queryStatsFromEnv } from './http/query-stats.js';
import { MAX_WORKERS, runPrimary } from './serve-workers.js';
import { describeDatabase, startServer } from './server.js';
import { ServiceUnavailableError } from './errors/index.js';
import { ProjectCodeError } from './project/load-project.js';

const USAGE = `usage: quire <command>
  build  --src <spec-dir> --out <artifacts-dir>        compile content-types into openapi.json, schema.graphql, model.json
  check  --src <spec-dir> --artifacts <artifacts-dir>  fail when committed artifacts are stale
  diff   <old-artifacts-dir> <new-artifacts-dir> | --base <git-ref> [<new-dir>]   breaking/dangerous/safe contract changes
  serve  --artifacts <artifacts-dir> [--allow-destructive] [--workers N]
  token create --artifacts <dir> --name <name> --type full-access|read-only|custom
               [--permission <uid>.<action> ...] [--lifespan-days N] [--description <text>] [--admin <email>]
  admin create --artifacts <dir> --email <email> --firstname <name> --lastname <name> --password <password>`;

type Io = { log: (s: string) => void; err: (s: string) => void };
const stdio: Io = { log: (s) => process.stdout.write(s + '\n'), err: (s) => process.stderr.write(s + '\n') };

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, io);
      case 'token':
        return await token(rest, io);
      case 'admin':
        return await admin(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.log(USAGE);
        return command ? 0 : 2;
      default:
        io.err(`quire: unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    if (err instanceof ServiceUnavailableError) {
      const cause = err.cause as { code?: unknown; message?: unknown } | undefined;
      const reason = [cause?.code, cause?.message].filter((x) => typeof x === 'string' && x).join(' ') || err.message;
      io.err(`quire ${command}: the database at ${describeDatabase(databaseUrlFromEnv(process.env) ?? 'sqlite:.tmp/data.db')} is unavailable (${reason.split('\n')[0]})`);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof ArtifactsError || err instanceof SchemaSyncRefused || err instanceof ProjectCodeError) {
      io.err(`quire ${command}: ${err.message}`);
      return 1;
    }
    if (err instanceof TypeError && (err as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      io.err(`quire ${command}: ${err.message}\n${USAGE}`);
      return 2;
    }
    throw err;
  }
}

async function serve(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { artifacts: { type: 'string' }, 'allow-destructive': { type: 'boolean' }, workers: { type: 'string' } }, strict: true });
  if (!values.artifacts) {
    io.err(`quire serve: --artifacts is required\n${USAGE}`);
    return 2;
  }
  const workers = Number(values.workers ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    io.err(`quire serve: --workers must be an integer between 1 and ${MAX_WORKERS}`);
    return 2;
  }
  const config = loadServerConfig(process.env, { artifactsDir: values.artifacts, allowDestructive: values['allow-destructive'] });
  // several processes: this one is the cluster primary; each worker runs this function again below
  if (workers > 1 && cluster.isPrimary) return runPrimary(config, workers, io);
  tuneHeap(process.env);
  const running = await startServer(config, undefined, undefined, { stats: queryStatsFromEnv(process.env) });
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
  return 0;
}

async function token(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create') {
    io.err(`quire token: unknown subcommand "${sub ?? ''}"\n${USAGE}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      artifacts: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      description: { type: 'string' },
      permission: { type: 'string', multiple: true },
      'lifespan-days': { type: 'string' },
      admin: { type: 'string' },
    },
    strict: true,
  });
  if (!values.artifacts || !values.name || !values.type) {
    io.err(`quire token create: --artifacts, --name and --type are required\n${USAGE}`);
    return 2;
  }
  if (!(TOKEN_TYPES as readonly string[]).includes(values.type)) {
    io.err(`quire token create: --type must be one of ${TOKEN_TYPES.join(', ')}`);
    return 2;
  }
  const type = values.type as TokenType;
  const permissions = values.permission ?? [];
  if (type === 'custom' && permissions.length === 0) {
    io.err('quire token create: a custom token needs at least one --permission <uid>.<action>');
    return 2;
  }
  if (type !== 'custom' && permissions.length > 0) {
    io.err('quire token create: --permission applies to custom tokens only');
    return 2;
  }
  const { model } = loadArtifacts(values.artifacts);
  for (const p of permissions) {
    const m = /^(.+)\.(find|findOne|create|update|delete)$/.exec(p);
    if (!USERS_PERMISSIONS.has(p) && (!m || !model.contentTypes[m[1]])) {
      io.err(`quire token create: unknown permission "${p}" (expected <uid>.<action> with a content-type of the artifacts)`);
      return 2;
    }
  }
  let expiresAt: string | null = null;
  if (values['lifespan-days'] !== undefined) {
    const days = Number(values['lifespan-days']);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      io.err('quire token create: --lifespan-days must be an integer between 1 and 3650');
      return 2;
    }
    expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
  }
  const config = loadServerConfig(process.env, { artifactsDir: values.artifacts });
  const repo = await createRepository({ model, databaseUrl: config.databaseUrl });
  try {
    await syncSchema(repo, model, { allowDestructive: false });
    let adminUserId: number | null = null;
    if (values.admin !== undefined) {
      const owner = await repo.adminUsers.findByEmail(values.admin);
      if (!owner) {
        io.err(`quire token create: no admin user with email "${values.admin}" (create one with quire admin create)`);
        return 2;
      }
      adminUserId = owner.id;
    }
    const key = generateAccessKey();
    await repo.apiTokens.create({ name: values.name, description: values.description ?? '', type, permissions, accessKeyHash: hashAccessKey(key, config.apiTokenSalt), expiresAt, adminUserId });
    io.log(key);
  } finally {
    await repo.close();
  }
  return 0;
}

/** Permissions of the users-permissions routes a custom token may hold. */
const USERS_PERMISSIONS = new Set([
  'plugin::users-permissions.auth.callback', 'plugin::users-permissions.auth.register',
  ...['me', 'find', 'findOne', 'count', 'update', 'destroy'].map((a) => `plugin::users-permissions.user.${a}`),
  'plugin::documentation.contracts.read',
]);

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
  if (sub !== 'create') {
    io.err(`quire admin: unknown subcommand "${sub ?? ''}"\n${USAGE}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { artifacts: { type: 'string' }, email: { type: 'string' }, firstname: { type: 'string' }, lastname: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.artifacts || !values.email || !values.firstname || !values.lastname || !values.password) {
    io.err(`quire admin create: --artifacts, --email, --firstname, --lastname and --password are required\n${USAGE}`);
    return 2;
  }
  if (!EMAIL.test(values.email) || values.email.length > 255) {
    io.err(`quire admin create: "${values.email}" is not a valid email`);
    return 2;
  }
  const problem = adminPasswordProblem(values.password);
  if (problem) {
    io.err(`quire admin create: the password ${problem}`);
    return 2;
  }
  const { model } = loadArtifacts(values.artifacts);
  const config = loadServerConfig(process.env, { artifactsDir: values.artifacts });
  const repo = await createRepository({ model, databaseUrl: config.databaseUrl });
  try {
    await syncSchema(repo, model, { allowDestructive: false });
    if (await repo.adminUsers.findByEmail(values.email)) {
      io.err(`quire admin create: an admin with email "${values.email.toLowerCase()}" already exists`);
      return 1;
    }
    const created = await repo.adminUsers.create({ email: values.email, firstname: values.firstname, lastname: values.lastname, passwordHash: await hashPassword(values.password) });
    io.log(`admin ${created.id} ${created.email}`);
  } finally {
    await repo.close();
  }
  return 0;
}
