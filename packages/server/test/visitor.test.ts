import { test } from 'node:test';
import assert from 'node:assert/strict';
import { visitorOf } from '../src/visitor.ts';

test('an IPv4 address is one visitor, also when it arrives mapped into IPv6', () => {
  assert.equal(visitorOf('192.0.2.7'), '192.0.2.7');
  assert.equal(visitorOf('::ffff:192.0.2.7'), '192.0.2.7');
  assert.notEqual(visitorOf('192.0.2.7'), visitorOf('192.0.2.8'));
});

test('IPv6 addresses count by their /64 network, however they are written', () => {
  const home = visitorOf('2001:db8:aa:bb::1');
  assert.equal(home, '2001:db8:aa:bb::/64');
  assert.equal(visitorOf('2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff'), home);
  assert.equal(visitorOf('2001:DB8:AA:BB:1234::9'), home);
  assert.notEqual(visitorOf('2001:db8:aa:bc::1'), home);
  assert.equal(visitorOf('::1'), '0:0:0:0::/64');
});

test('an address that is not one stays as it is', () => {
  assert.equal(visitorOf('not an address'), 'not an address');
  assert.equal(visitorOf(undefined), 'address-unknown');
});
