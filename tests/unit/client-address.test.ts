// The client address the brute-force counters key (lib/server/auth/client-address.ts):
// X-Forwarded-For only counts when TRUST_PROXY says how many proxies to trust.
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress, normalizeAddress, resolveClientAddress, trustedHops } from '@/lib/server/auth/client-address';

const request = (remoteAddress: string | undefined, xff?: string | string[]) => ({
  socket: { remoteAddress },
  headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
});

const saved = process.env.TRUST_PROXY;
afterEach(() => {
  if (saved === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved;
});

describe('TRUST_PROXY', () => {
  it('reads a number of proxies, true/false, and nothing as none', () => {
    expect([undefined, '', '0', 'false', 'no', 'off', ' FALSE '].map(trustedHops)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(['1', 'true', 'TRUE', 'yes', 'on'].map(trustedHops)).toEqual([1, 1, 1, 1, 1]);
    expect(['2', '3', '10'].map(trustedHops)).toEqual([2, 3, 10]);
    expect(['loopback', '10.0.0.0/8', '-1', '1.5'].map(trustedHops)).toEqual([0, 0, 0, 0]);
  });

  it('without it, X-Forwarded-For is ignored: the socket address is the client', () => {
    delete process.env.TRUST_PROXY;
    expect(clientAddress(request('10.0.0.5', '203.0.113.7'))).toBe('10.0.0.5');
    expect(clientAddress(request('::ffff:10.0.0.5', '203.0.113.7, 198.51.100.2'))).toBe('10.0.0.5');
    process.env.TRUST_PROXY = '0';
    expect(clientAddress(request('10.0.0.5', '203.0.113.7'))).toBe('10.0.0.5');
    process.env.TRUST_PROXY = 'false';
    expect(clientAddress(request('10.0.0.5', '203.0.113.7'))).toBe('10.0.0.5');
  });

  it('with one proxy, the right-most X-Forwarded-For entry is the client; entries left of it are the client’s own words', () => {
    process.env.TRUST_PROXY = '1';
    expect(clientAddress(request('10.0.0.5', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.5', '1.1.1.1, 203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.5', ['1.1.1.1', '203.0.113.7']))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.5'))).toBe('10.0.0.5');
    process.env.TRUST_PROXY = 'true';
    expect(clientAddress(request('10.0.0.5', '1.1.1.1, 203.0.113.7'))).toBe('203.0.113.7');
  });

  it('with N proxies, the N-th entry from the right; fewer entries: the left-most one a proxy wrote', () => {
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 203.0.113.7, 10.0.0.4', 2)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 203.0.113.7, 10.0.0.4, 10.0.0.3', 3)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.5', '203.0.113.7', 2)).toBe('203.0.113.7');
  });

  it('stops at an entry that is no address, and normalizes ports, brackets and IPv4-mapped IPv6', () => {
    expect(resolveClientAddress('10.0.0.5', 'unknown', 1)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.5', '203.0.113.7, garbage', 2)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.5', 'garbage, 203.0.113.7', 2)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.5', '203.0.113.7:4711', 1)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.5', '[2001:DB8::1]:443', 1)).toBe('2001:db8::1');
    expect(resolveClientAddress(undefined, undefined, 0)).toBe('unknown');
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('::1')).toBe('::1');
    expect(normalizeAddress('not an address')).toBeNull();
  });
});
