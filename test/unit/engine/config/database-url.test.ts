/**
 * unit: the database URL from the environment: DATABASE_URL wins; else Strapi's DATABASE_CLIENT and
 * DATABASE_HOST/PORT/NAME/USERNAME/PASSWORD (or DATABASE_FILENAME) name it; an unknown client is a
 * ConfigError.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { databaseUrlFromEnv } from '../../../../engine/config/database-url.js';
import { ConfigError } from '../../../../engine/config/env-values.js';

test('DATABASE_URL wins; nothing set is undefined (the SQLite default)', () => {
  assert.is(databaseUrlFromEnv({ DATABASE_URL: 'postgres://p@h/db', DATABASE_CLIENT: 'mysql' }), 'postgres://p@h/db');
  assert.is(databaseUrlFromEnv({}), undefined);
});

test("Strapi's variables: mysql, mysql2, mariadb, postgres, sqlite", () => {
  assert.is(databaseUrlFromEnv({ DATABASE_CLIENT: 'mysql', DATABASE_NAME: 'cms' }), 'mysql://root@127.0.0.1:3306/cms');
  assert.is(
    databaseUrlFromEnv({ DATABASE_CLIENT: 'mysql2', DATABASE_HOST: 'db', DATABASE_PORT: '3307', DATABASE_NAME: 'strapi', DATABASE_USERNAME: 'app', DATABASE_PASSWORD: 'p@ss word' }),
    'mysql://app:p%40ss%20word@db:3307/strapi',
  );
  assert.is(databaseUrlFromEnv({ DATABASE_CLIENT: 'mariadb' }), 'mysql://root@127.0.0.1:3306/strapi');
  assert.is(databaseUrlFromEnv({ DATABASE_CLIENT: 'postgres', DATABASE_NAME: 'x' }), 'postgres://postgres@127.0.0.1:5432/x');
  assert.is(databaseUrlFromEnv({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: '.tmp/data.db' }), 'sqlite:.tmp/data.db');
  assert.throws(() => databaseUrlFromEnv({ DATABASE_CLIENT: 'oracle' }), (e: unknown) => e instanceof ConfigError);
});

test.run();
