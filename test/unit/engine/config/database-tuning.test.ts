/**
 * unit: the database pool and timeout settings from the environment (DATABASE_POOL_MAX,
 * DATABASE_ACQUIRE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS): unset stays unset (the driver
 * defaults apply), bad values are refused at start.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadServerConfig } from '../../../../engine/config/server-config.js';

const base = { JWT_SECRET: 'unit-jwt-secret-0123456789', API_TOKEN_SALT: 'unit-token-salt-0123456789' };
const load = (env: Record<string, string>) => loadServerConfig({ ...base, ...env }, { artifactsDir: '.', stateDir: '/nonexistent' });

test('unset: nothing overridden', () => {
  assert.equal(load({}).database, {});
});

test('set: the numbers, 0 turning the statement timeout off', () => {
  assert.equal(load({ DATABASE_POOL_MAX: '4', DATABASE_ACQUIRE_TIMEOUT_MS: '750', DATABASE_STATEMENT_TIMEOUT_MS: '0' }).database, { max: 4, acquireTimeoutMs: 750, statementTimeoutMs: 0 });
});

test('bad values are refused with the variable named', () => {
  for (const [name, value] of [['DATABASE_POOL_MAX', '0'], ['DATABASE_POOL_MAX', 'ten'], ['DATABASE_ACQUIRE_TIMEOUT_MS', '0'], ['DATABASE_ACQUIRE_TIMEOUT_MS', '1.5'], ['DATABASE_STATEMENT_TIMEOUT_MS', '-1']]) {
    assert.throws(() => load({ [name]: value }), (err: unknown) => err instanceof ConfigError && err.message.includes(name), `${name}=${value}`);
  }
});

test.run();
