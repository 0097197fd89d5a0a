/**
 * engine/cli: `quire token create|list|revoke|regenerate`. A key is printed once, when it is made
 * (create, regenerate), and never stored: the database keeps its salted hash. `list` shows name,
 * type, created, last used and expiry, never a key.
 */
import { parseArgs } from 'node:util';
import { generateAccessKey, hashAccessKey, TOKEN_TYPES, type TokenType } from '../auth/api-tokens.js';
import { resolveDataDir } from '../config/data-dir.js';
import type { ApiTokenRecord, Repository } from '../repository/types.js';
import { EXIT } from './exit-codes.js';
import { openProject } from './open-project.js';
import { COMMAND_USAGE } from './usage.js';

type Io = { log: (s: string) => void; err: (s: string) => void };

/** Permissions of the users-permissions routes a custom token may hold. */
const USERS_PERMISSIONS = new Set([
  'plugin::users-permissions.auth.callback', 'plugin::users-permissions.auth.register',
  ...['me', 'find', 'findOne', 'count', 'update', 'destroy'].map((a) => `plugin::users-permissions.user.${a}`),
  'plugin::documentation.contracts.read',
]);

const COMMON = { artifacts: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export async function tokenCommand(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help' || sub === undefined) {
    io[sub === undefined ? 'err' : 'log'](COMMAND_USAGE.token);
    return sub === undefined ? EXIT.USAGE : EXIT.OK;
  }
  switch (sub) {
    case 'create':
      return create(rest, io);
    case 'list':
      return list(rest, io);
    case 'revoke':
    case 'regenerate':
      return change(sub, rest, io);
    default:
      io.err(`quire token: unknown subcommand "${sub}" (create, list, revoke, regenerate)`);
      return EXIT.USAGE;
  }
}

function needArtifacts(values: { artifacts?: string; help?: boolean }, sub: string, io: Io): number | undefined {
  if (values.help) {
    io.log(COMMAND_USAGE.token);
    return EXIT.OK;
  }
  if (!values.artifacts) {
    io.err(`quire token ${sub}: --artifacts is required (quire token --help)`);
    return EXIT.USAGE;
  }
  return undefined;
}

/** `writes`: the command changes tokens, which a database Strapi manages keeps for Strapi's admin panel */
async function withRepo(values: { artifacts?: string; 'data-dir'?: string }, writes: { io: Io; sub: string } | undefined, fn: (p: Awaited<ReturnType<typeof openProject>>) => Promise<number>): Promise<number> {
  const project = await openProject(values.artifacts as string, resolveDataDir(values['data-dir'], process.env));
  try {
    if (writes && project.repo.strapiDatabase) {
      writes.io.err(`quire token ${writes.sub}: this database is managed by Strapi: manage API tokens in Strapi's admin panel (Settings > API Tokens); quire accepts them with the same API_TOKEN_SALT`);
      return EXIT.CONFIG;
    }
    return await fn(project);
  } finally {
    await project.repo.close();
  }
}

async function create(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...COMMON, name: { type: 'string' }, type: { type: 'string' }, description: { type: 'string' }, permission: { type: 'string', multiple: true }, 'lifespan-days': { type: 'string' }, admin: { type: 'string' } },
    strict: true,
  });
  const early = needArtifacts(values, 'create', io);
  if (early !== undefined) return early;
  if (!values.name || !values.type) {
    io.err('quire token create: --name and --type are required (quire token --help)');
    return EXIT.USAGE;
  }
  if (!(TOKEN_TYPES as readonly string[]).includes(values.type)) {
    io.err(`quire token create: --type must be one of ${TOKEN_TYPES.join(', ')}`);
    return EXIT.USAGE;
  }
  const type = values.type as TokenType;
  const permissions = values.permission ?? [];
  if (type === 'custom' && permissions.length === 0) {
    io.err('quire token create: a custom token needs at least one --permission <uid>.<action>');
    return EXIT.USAGE;
  }
  if (type !== 'custom' && permissions.length > 0) {
    io.err('quire token create: --permission applies to custom tokens only');
    return EXIT.USAGE;
  }
  let expiresAt: string | null = null;
  if (values['lifespan-days'] !== undefined) {
    const days = Number(values['lifespan-days']);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      io.err('quire token create: --lifespan-days must be an integer between 1 and 3650');
      return EXIT.USAGE;
    }
    expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
  }
  return withRepo(values, { io, sub: 'create' }, async ({ artifacts, config, repo }) => {
    for (const p of permissions) {
      const m = /^(.+)\.(find|findOne|create|update|delete)$/.exec(p);
      if (!USERS_PERMISSIONS.has(p) && (!m || !artifacts.model.contentTypes[m[1]])) {
        io.err(`quire token create: unknown permission "${p}" (expected <uid>.<action> with a content-type of the artifacts)`);
        return EXIT.USAGE;
      }
    }
    // Strapi's admin answers "Name already taken" for a second token of one name
    if (await repo.apiTokens.findByName(values.name as string)) {
      io.err(`quire token create: a token named "${values.name}" already exists (quire token list; revoke or regenerate it)`);
      return EXIT.CONFLICT;
    }
    let adminUserId: number | null = null;
    if (values.admin !== undefined) {
      const owner = await repo.adminUsers.findByEmail(values.admin);
      if (!owner) {
        io.err(`quire token create: no admin user with email "${values.admin}" (create one with quire admin create)`);
        return EXIT.CONFLICT;
      }
      adminUserId = owner.id;
    }
    const key = generateAccessKey();
    await repo.apiTokens.create({ name: values.name as string, description: values.description ?? '', type, permissions, accessKeyHash: hashAccessKey(key, config.apiTokenSalt), expiresAt, adminUserId });
    io.log(key);
    return EXIT.OK;
  });
}

const day = (iso: string | null, none: string) => (iso ? iso.slice(0, 19).replace('T', ' ') : none);

async function list(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { ...COMMON, json: { type: 'boolean' } }, strict: true });
  const early = needArtifacts(values, 'list', io);
  if (early !== undefined) return early;
  return withRepo(values, { io, sub: 'list' }, async ({ repo }) => {
    const tokens = await repo.apiTokens.list();
    if (values.json) {
      io.log(JSON.stringify(tokens.map(({ id, name, description, type, createdAt, lastUsedAt, expiresAt }) => ({ id, name, description, type, createdAt, lastUsedAt, expiresAt }))));
      return EXIT.OK;
    }
    if (tokens.length === 0) {
      io.log('no API tokens (quire token create --help)');
      return EXIT.OK;
    }
    const rows = [['ID', 'NAME', 'TYPE', 'CREATED', 'LAST USED', 'EXPIRES'], ...tokens.map((t) => [String(t.id), t.name, t.type, day(t.createdAt, '-'), day(t.lastUsedAt, 'never'), day(t.expiresAt, 'never')])];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const r of rows) io.log(r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
    return EXIT.OK;
  });
}

/** a token by name, else by numeric id */
async function findToken(repo: Repository, ref: string): Promise<ApiTokenRecord | undefined> {
  const byName = await repo.apiTokens.findByName(ref);
  if (byName || !/^\d+$/.test(ref)) return byName;
  return (await repo.apiTokens.list()).find((t) => t.id === Number(ref));
}

async function change(sub: 'revoke' | 'regenerate', args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: COMMON, strict: true, allowPositionals: true });
  const early = needArtifacts(values, sub, io);
  if (early !== undefined) return early;
  if (positionals.length !== 1) {
    io.err(`quire token ${sub}: name the token: quire token ${sub} <name|id> --artifacts <dir>`);
    return EXIT.USAGE;
  }
  const ref = positionals[0];
  return withRepo(values, { io, sub }, async ({ config, repo }) => {
    const token = await findToken(repo, ref);
    if (!token) {
      io.err(`quire token ${sub}: no token named "${ref}" (quire token list)`);
      return EXIT.CONFLICT;
    }
    if (sub === 'revoke') {
      await repo.apiTokens.delete(token.id);
      io.log(`revoked token ${token.id} "${token.name}" (running servers refuse it within 5 seconds)`);
      return EXIT.OK;
    }
    const key = generateAccessKey();
    await repo.apiTokens.rekey(token.id, hashAccessKey(key, config.apiTokenSalt));
    io.log(key);
    return EXIT.OK;
  });
}
