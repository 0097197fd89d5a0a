/**
 * engine/cli: the help text of quire and of each command (`quire <command> --help`), and the
 * "did you mean" suggestion for an unknown command. Text only.
 */
import { WEBHOOKS_USAGE } from './webhooks-command.js';
import { EXIT_CODES_HELP } from './exit-codes.js';

export const SERVE_ENV = `environment (also read from ./.env; a variable already set wins):
  HOST, PORT                 where to listen (default 0.0.0.0:1337)
  DATABASE_URL               sqlite:<file> or postgres://user:password@host:port/database
  DATABASE_CLIENT, DATABASE_FILENAME, DATABASE_HOST, DATABASE_PORT, DATABASE_NAME,
  DATABASE_USERNAME, DATABASE_PASSWORD, DATABASE_SSL
                             Strapi's names, used when DATABASE_URL is unset (default: SQLite in the data dir)
  DATABASE_POOL_MAX, DATABASE_ACQUIRE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS
  JWT_SECRET, API_TOKEN_SALT  required when NODE_ENV=production; else generated into the data dir
  JWT_EXPIRES_IN, NODE_ENV, LOG_LEVEL (fatal|error|warn|info|debug|trace|silent)
  CORS_ORIGINS, BODY_LIMIT, SHUTDOWN_TIMEOUT_MS, TRUSTED_PROXIES, GRAPHQL_INTROSPECTION
  AUTH_RATE_LIMIT_MAX, AUTH_RATE_LIMIT_WINDOW_MS, PUBLIC_URL, EMAIL_PROVIDER, SMTP_USERNAME, SMTP_PASSWORD
  UPLOAD_PROVIDER, UPLOAD_DIR (default <data dir>/uploads), UPLOAD_MAX_FILE_SIZE, UPLOAD_MAX_FILES, S3_*
  CONTRACTS_PUBLIC, DOCUMENTATION_ENABLED, POPULATE_DEEP
  METRICS_ENABLED, METRICS_TOKEN, METRICS_PORT, METRICS_HOST   Prometheus /metrics (off by default)
  QUIRE_DATA_DIR             the data dir when --data-dir is not given`;

const DATA_DIR = `  --data-dir <dir>     the SQLite file, uploads and development secrets (default ./.quire)`;

export const COMMAND_USAGE: Record<string, string> = {
  serve: `usage: quire serve --artifacts <dir> [--data-dir <dir>] [--workers N] [--allow-destructive] [--plan] [--strapi-database]
  serve the Content API (REST, GraphQL, the API reference) from built artifacts
  --artifacts <dir>    what quire build wrote
${DATA_DIR}
  --workers N          processes sharing the port (1-64, default 1)
  --allow-destructive  apply schema changes that drop tables or columns
  --plan               print the SQL the schema sync would run, change nothing, exit
  --strapi-database    the database is Strapi's own: change none of its tables (detected by itself when
                       strapi_database_schema exists; QUIRE_STRAPI_DATABASE=true|false says it too)

${SERVE_ENV}`,
  token: `usage: quire token <create|list|revoke|regenerate> --artifacts <dir> [--data-dir <dir>] ...
  quire token create --artifacts <dir> --name <name> --type full-access|read-only|custom
                     [--permission <uid>.<action> ...] [--lifespan-days N] [--description <text>] [--admin <email>]
        prints the new key once
  quire token list --artifacts <dir> [--json]
        id, name, type, created, last used, expiry (never the key)
  quire token revoke <name|id> --artifacts <dir>
  quire token regenerate <name|id> --artifacts <dir>
        a new key for the token, printed once; the old key stops working
  The database is the one serve uses (DATABASE_URL, ... or the data dir; see quire serve --help).`,
  admin: `usage: quire admin create --artifacts <dir> [--data-dir <dir>] --email <email> --firstname <name> --lastname <name> --password <password>
  an admin user API tokens can belong to (their writes then fill createdBy/updatedBy)`,
  indexes: `usage: quire indexes --artifacts <dir> [--client postgres|sqlite|mysql]
  the indexes quire would want for reads on a database Strapi manages, printed as SQL to review and run there
  (--client mysql: MySQL/MariaDB syntax; default postgres, which SQLite also takes)`,
  webhooks: `usage: quire webhooks <list|deliveries|test> ...
${WEBHOOKS_USAGE}`,
};

export const USAGE = `usage: quire <command> [options]     quire <command> --help for its options
  build  --src <strapi-project-or-spec-dir> --out <artifacts-dir>   compile content-types into openapi.json, schema.graphql, model.json
  check  --src <dir> --artifacts <dir>   fail when committed artifacts are stale
  diff   <old-artifacts> <new-artifacts> | --base <git-ref> [<new-dir>]   breaking/dangerous/safe contract changes
  serve  --artifacts <dir> [--data-dir <dir>]   serve REST, GraphQL and the API reference
  token  create|list|revoke|regenerate   API tokens
  admin  create                           admin users tokens belong to
  indexes --artifacts <dir>               speed indexes for a Strapi-managed database, as SQL
  webhooks list|deliveries|test           webhooks and their deliveries
  --version, --help
${EXIT_CODES_HELP}`;

export const COMMANDS = ['build', 'check', 'diff', 'serve', 'token', 'admin', 'indexes', 'webhooks', 'help'];

/** the closest known word within two edits: `suggest('serv', COMMANDS)` -> 'serve' */
export function suggest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(word.toLowerCase(), k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** Levenshtein distance */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}
