// Device cookies (lib/server/auth/device.ts): signed for one account, expiring, unforgeable.
import { beforeAll, describe, expect, it } from 'vitest';
import { accountKey, DEVICE_TTL_SECONDS, newDeviceToken, trustedDevice } from '@/lib/server/auth/device';

beforeAll(() => {
  process.env.SECRET_KEY ??= 'ab'.repeat(32);
});

describe('device cookie', () => {
  it('is trusted for its account only, and names the device by its nonce', () => {
    const alice = accountKey('alice@example.test');
    const token = newDeviceToken(alice);
    expect(trustedDevice(token, alice)).toBe(token.split('.')[0]);
    expect(trustedDevice(token, accountKey(' ALICE@example.test '))).toBe(token.split('.')[0]);
    expect(trustedDevice(token, accountKey('bob@example.test'))).toBeNull();
  });

  it('refuses tampered, malformed and expired tokens', () => {
    const alice = accountKey('alice@example.test');
    const token = newDeviceToken(alice);
    const [nonce, issued, sig] = token.split('.');
    expect(trustedDevice(`x${nonce}.${issued}.${sig}`, alice)).toBeNull();
    expect(trustedDevice(`${nonce}.${issued}.${sig.slice(1)}A`, alice)).toBeNull();
    expect(trustedDevice(`${nonce}.${issued}`, alice)).toBeNull();
    expect(trustedDevice(`${token}.extra`, alice)).toBeNull();
    expect(trustedDevice('', alice)).toBeNull();
    expect(trustedDevice(null, alice)).toBeNull();
    const old = newDeviceToken(alice, Date.now() - (DEVICE_TTL_SECONDS + 60) * 1000);
    expect(trustedDevice(old, alice)).toBeNull();
    expect(trustedDevice(newDeviceToken(alice, Date.now() - (DEVICE_TTL_SECONDS - 60) * 1000), alice)).not.toBeNull();
  });
});
