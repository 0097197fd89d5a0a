/**
 * unit: the database URL from the environment: DATABASE_URL wins (sqlite:, postgres://, mysql:// or
 * mariadb://); else Strapi's DATABASE_CLIENT and DATABASE_HOST/PORT/NAME/USERNAME/PASSWORD (or
 * DATABASE_FILENAME) name it, with the defaults of Strapi's generated config/database.js; an unknown
 * client or scheme is a ConfigError.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { databaseUrlOf } from '../../../../engine/config/database-settings.js';
import { ConfigError } from '../../../../engine/config/env-values.js';

const DATA = '/srv/app/.quire';

test('DATABASE_URL wins, mysql:// and mariadb:// included; nothing set is SQLite in the data dir', () => {
  assert.is(databaseUrlOf({ DATABASE_URL: 'postgres://p@h/db', DATABASE_CLIENT: 'mysql' }, DATA), 'postgres://p@h/db');
  assert.is(databaseUrlOf({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/cms' }, DATA), 'mysql://root@127.0.0.1:3306/cms');
  assert.is(databaseUrlOf({ DATABASE_URL: 'mariadb://root@127.0.0.1:3306/cms' }, DATA), 'mariadb://root@127.0.0.1:3306/cms');
  assert.is(databaseUrlOf({}, DATA, '/srv/app'), 'sqlite:/srv/app/.quire/data.db');
  assert.throws(() => databaseUrlOf({ DATABASE_URL: 'oracle://x/y' }, DATA), (e: unknown) => e instanceof ConfigError);
});

test("Strapi's variables: mysql, mysql2, mariadb, postgres, sqlite", () => {
  assert.is(databaseUrlOf({ DATABASE_CLIENT: 'mysql', DATABASE_NAME: 'cms' }, DATA), 'mysql://strapi:strapi@127.0.0.1:3306/cms');
  assert.is(
    databaseUrlOf({ DATABASE_CLIENT: 'mysql2', DATABASE_HOST: 'db', DATABASE_PORT: '3307', DATABASE_NAME: 'strapi', DATABASE_USERNAME: 'app', DATABASE_PASSWORD: 'p@ss word' }, DATA),
    'mysql://app:p%40ss%20word@db:3307/strapi',
  );
  assert.is(databaseUrlOf({ DATABASE_CLIENT: 'mariadb', DATABASE_SSL: 'true' }, DATA), 'mysql://strapi:strapi@127.0.0.1:3306/strapi?ssl=true');
  assert.is(databaseUrlOf({ DATABASE_CLIENT: 'postgres', DATABASE_NAME: 'x' }, DATA), 'postgres://strapi:strapi@127.0.0.1:5432/x');
  assert.is(databaseUrlOf({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: '.tmp/data.db' }, DATA, '/srv/app'), 'sqlite:/srv/app/.tmp/data.db');
  assert.throws(() => databaseUrlOf({ DATABASE_CLIENT: 'oracle' }, DATA), (e: unknown) => e instanceof ConfigError);
});

test.run();
