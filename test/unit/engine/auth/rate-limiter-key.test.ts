/**
 * unit: the key a client's failed attempts count under. IPv6 addresses count per /64 (rotating the
 * interface bits gives no fresh count); IPv4 and IPv4-mapped addresses count alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientKey } from '../../../../engine/auth/rate-limiter.js';

test('IPv6 addresses count by their /64, whatever the spelling', () => {
  for (const ip of ['2001:db8:1:2::a', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:1', '2001:db8:1:2::1%eth0']) {
    assert.is(clientKey(ip), '2001:db8:1:2::/64', ip);
  }
  assert.is(clientKey('2001:db8:1:3::a'), '2001:db8:1:3::/64', 'another /64 is another client');
  assert.is(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.is(clientKey('::1'), '0:0:0:0::/64');
});

test('IPv4 and IPv4-mapped addresses count alone', () => {
  assert.is(clientKey('10.0.0.7'), '10.0.0.7');
  assert.is(clientKey('::ffff:10.0.0.7'), '10.0.0.7');
  assert.is(clientKey('::FFFF:192.0.2.1'), '192.0.2.1');
});

test.run();
