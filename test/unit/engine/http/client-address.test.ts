/**
 * unit: the client address the rate limiter counts. The socket peer unless it is a trusted proxy;
 * behind trusted proxies, the right-most untrusted X-Forwarded-For hop. Forged hops never count.
 */
import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSecurityConfig } from '../../../../engine/config/security-config.js';
import { ClientAddress } from '../../../../engine/http/client-address.js';

const req = (peer: string, xff?: string | string[]) => ({ socket: { remoteAddress: peer }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;
const trusting = (list: string) => new ClientAddress(loadSecurityConfig({ TRUSTED_PROXIES: list }, false).trustedProxies);

test('no trusted proxies (the default): X-Forwarded-For is ignored', () => {
  const c = trusting('');
  assert.is(c.of(req('203.0.113.9', '1.2.3.4')), '203.0.113.9');
  assert.is(c.of(req('::1', '1.2.3.4')), '::1');
});

test('a trusted peer: the right-most untrusted hop; forged hops to its left do not count', () => {
  const c = trusting('10.0.0.0/8, 127.0.0.1');
  assert.is(c.of(req('10.0.0.2', '6.6.6.6, 192.0.2.10')), '192.0.2.10');
  assert.is(c.of(req('10.0.0.2', '192.0.2.10, 10.9.9.9')), '192.0.2.10', 'a chain of trusted proxies');
  assert.is(c.of(req('10.0.0.2', ['6.6.6.6', '192.0.2.10'])), '192.0.2.10', 'repeated headers');
  assert.is(c.of(req('::ffff:127.0.0.1', '192.0.2.11')), '192.0.2.11', 'IPv4-mapped peer');
  assert.is(c.of(req('10.0.0.2')), '10.0.0.2', 'no header: the proxy itself');
  assert.is(c.of(req('10.0.0.2', '10.1.1.1, 10.2.2.2')), '10.1.1.1', 'every hop trusted: the left-most');
  assert.is(c.of(req('203.0.113.9', '192.0.2.10')), '203.0.113.9', 'an untrusted peer cannot choose its address');
});

test('named ranges and IPv6', () => {
  const c = trusting('loopback,private');
  assert.is(c.of(req('127.0.0.5', '198.51.100.7')), '198.51.100.7');
  assert.is(c.of(req('::1', '2001:db8::1')), '2001:db8::1');
  assert.is(c.of(req('192.168.1.1', '172.16.0.1, 198.51.100.8')), '198.51.100.8');
});

test('bad entries are refused at start', () => {
  for (const bad of ['example.com', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '1.2.3']) {
    assert.throws(() => loadSecurityConfig({ TRUSTED_PROXIES: bad }, false), /TRUSTED_PROXIES/, bad);
  }
  assert.throws(() => loadSecurityConfig({ GRAPHQL_INTROSPECTION: 'maybe' }, false), /GRAPHQL_INTROSPECTION/);
  assert.is(loadSecurityConfig({}, true).graphqlIntrospection, false);
  assert.is(loadSecurityConfig({}, false).graphqlIntrospection, true);
  assert.is(loadSecurityConfig({ GRAPHQL_INTROSPECTION: 'true' }, true).graphqlIntrospection, true);
});

test.run();
