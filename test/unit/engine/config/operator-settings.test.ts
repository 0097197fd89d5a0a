/**
 * unit: the settings an operator meets first: the database URL from DATABASE_URL or Strapi's
 * DATABASE_* names (unsupported schemes refused with one line, no secret in it), the data directory,
 * LOG_LEVEL, and the metrics guard (enabled only with a token or its own port).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveDataDir } from '../../../../engine/config/data-dir.js';
import { databaseUrlOf, describeDatabase } from '../../../../engine/config/database-settings.js';
import { ConfigError } from '../../../../engine/config/env-values.js';
import { loadMetricsConfig } from '../../../../engine/config/metrics-config.js';
import { loadServerConfig } from '../../../../engine/config/server-config.js';

const refused = (fn: () => unknown, re: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof ConfigError && re.test(e.message) && !/secret-pw/.test(e.message));

test('databaseUrlOf: DATABASE_URL wins; else Strapi names; SQLite in the data dir by default', () => {
  assert.is(databaseUrlOf({ DATABASE_URL: 'postgres://a@h/db', DATABASE_CLIENT: 'sqlite' }, '/d', '/w'), 'postgres://a@h/db');
  assert.is(databaseUrlOf({}, '/srv/.quire', '/srv'), 'sqlite:/srv/.quire/data.db');
  assert.is(databaseUrlOf({ DATABASE_FILENAME: '.tmp/data.db' }, '/srv/.quire', '/srv'), 'sqlite:/srv/.tmp/data.db');
  assert.is(databaseUrlOf({ DATABASE_CLIENT: 'postgres' }, '/d', '/w'), 'postgres://strapi:strapi@127.0.0.1:5432/strapi');
  assert.is(
    databaseUrlOf({ DATABASE_CLIENT: 'postgres', DATABASE_HOST: 'db', DATABASE_PORT: '6543', DATABASE_NAME: 'blog', DATABASE_USERNAME: 'app', DATABASE_PASSWORD: 'p@ss/word', DATABASE_SSL: 'true' }, '/d', '/w'),
    'postgres://app:p%40ss%2Fword@db:6543/blog?sslmode=require',
  );
});

test('databaseUrlOf: unknown schemes and clients are one line naming the variable', () => {
  refused(() => databaseUrlOf({ DATABASE_URL: 'mongodb://h/db' }, '/d'), /^DATABASE_URL: unknown scheme "mongodb:"/);
  refused(() => databaseUrlOf({ DATABASE_URL: 'just-a-file.db' }, '/d'), /^DATABASE_URL must start with sqlite:, postgres:\/\/ or mysql:\/\//);
  refused(() => databaseUrlOf({ DATABASE_CLIENT: 'oracle' }, '/d'), /^DATABASE_CLIENT must be sqlite, postgres or mysql/);
  refused(() => databaseUrlOf({ DATABASE_CLIENT: 'postgres', DATABASE_PORT: 'x' }, '/d'), /^DATABASE_PORT must be a port number/);
  assert.is(describeDatabase('postgres://app:secret-pw@db/x'), 'postgres://app:***@db/x');
});

test('resolveDataDir: flag, then QUIRE_DATA_DIR, then ./.quire; never inside node_modules', () => {
  assert.is(resolveDataDir(undefined, {}, '/srv/site'), '/srv/site/.quire');
  assert.is(resolveDataDir(undefined, { QUIRE_DATA_DIR: 'state' }, '/srv/site'), '/srv/site/state');
  assert.is(resolveDataDir('/var/lib/quire', { QUIRE_DATA_DIR: 'state' }, '/srv/site'), '/var/lib/quire');
  refused(() => resolveDataDir(undefined, {}, '/srv/site/node_modules/quire'), /inside node_modules/);
});

test('LOG_LEVEL: a pino level, else one line', () => {
  const base = { JWT_SECRET: 'unit-jwt-secret-0123456789', API_TOKEN_SALT: 'unit-token-salt-0123456789' };
  assert.is(loadServerConfig({ ...base, LOG_LEVEL: 'debug' }, { artifactsDir: '.', stateDir: '/nonexistent' }).logLevel, 'debug');
  refused(() => loadServerConfig({ ...base, LOG_LEVEL: 'verbose' }, { artifactsDir: '.', stateDir: '/nonexistent' }), /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"$/);
});

test('metrics: off by default; enabled only behind a token (16+ characters) or its own port', () => {
  assert.equal(loadMetricsConfig({}), { enabled: false, host: '127.0.0.1' });
  assert.equal(loadMetricsConfig({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'abcdefghijklmnop' }), { enabled: true, host: '127.0.0.1', token: 'abcdefghijklmnop' });
  assert.equal(loadMetricsConfig({ METRICS_ENABLED: '1', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }), { enabled: true, host: '0.0.0.0', port: 9464 });
  refused(() => loadMetricsConfig({ METRICS_ENABLED: 'true' }), /needs METRICS_TOKEN .* or METRICS_PORT/);
  refused(() => loadMetricsConfig({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 16 characters/);
  refused(() => loadMetricsConfig({ METRICS_ENABLED: 'true', METRICS_PORT: 'x' }), /METRICS_PORT must be an integer/);
  refused(() => loadMetricsConfig({ METRICS_ENABLED: 'yes' }), /METRICS_ENABLED must be true or false/);
});

test.run();
