import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrustProxy } from './config.ts';

test('TRUST_PROXY is off unless it names the proxy', () => {
  assert.is(parseTrustProxy(undefined), false);
  assert.is(parseTrustProxy(''), false);
  assert.is(parseTrustProxy('false'), false);
});

test('TRUST_PROXY takes addresses, CIDR ranges and named ranges', () => {
  assert.equal(parseTrustProxy('10.0.0.2'), ['10.0.0.2']);
  assert.equal(parseTrustProxy(' 10.0.0.0/8, 192.168.1.1 ,::1, fd00::/8, loopback'), [
    '10.0.0.0/8',
    '192.168.1.1',
    '::1',
    'fd00::/8',
    'loopback',
  ]);
});

test('TRUST_PROXY refuses "true", hop counts and anything that is not an address', () => {
  for (const value of [
    'true',
    '1',
    '2',
    'proxy.example.com',
    '10.0.0.0/33',
    '10.0.0.1/8/8',
    '::1/129',
    '10.0.0.1,',
    '1.2.3',
  ]) {
    assert.throws(() => parseTrustProxy(value), /TRUST_PROXY/, value);
  }
});

test.run();
