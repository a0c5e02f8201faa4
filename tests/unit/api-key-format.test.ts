// The API key format of decision 082: prefix, 32 random base62 characters, a base62 CRC32 of them.
// What a secret scanner does offline: find candidates with API_KEY_PATTERN, keep those isApiKey passes.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, apiKeyFrom, base62Random, crc32, hasApiKeyShape, isApiKey } from '@/lib/api-key-format';
import { newApiKeySecret } from '@/lib/server/auth/tokens';

describe('API key format', () => {
  it('computes the CRC-32 of zlib (check value of "123456789")', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });

  it('makes keys of the documented shape that pass their own check', () => {
    const keys = Array.from({ length: 200 }, () => newApiKeySecret());
    for (const key of keys) {
      expect(key).toMatch(/^aok_[0-9A-Za-z]{38}$/);
      expect(isApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ends with the checksum of a known random part', () => {
    // 0xcbf43926 = 3421780262 in base 62 (digits 0-9, A-Z, a-z), six digits.
    const key = apiKeyFrom('123456789'.padEnd(32, '0'));
    expect(key.startsWith('aok_12345678900000000000000000000000')).toBe(true);
    expect(isApiKey(key)).toBe(true);
    expect(apiKeyFrom('abc'.padEnd(32, 'x')).slice(-6)).not.toBe(apiKeyFrom('abd'.padEnd(32, 'x')).slice(-6));
  });

  it('refuses a typo, a wrong checksum, a wrong prefix and keys made before the format', () => {
    const key = newApiKeySecret();
    const flipped = key.slice(0, 10) + (key[10] === 'a' ? 'b' : 'a') + key.slice(11);
    expect(hasApiKeyShape(flipped)).toBe(true);
    expect(isApiKey(flipped)).toBe(false);
    expect(isApiKey(key.slice(0, -1) + (key.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(isApiKey(`xok_${key.slice(4)}`)).toBe(false);
    expect(isApiKey(key.slice(0, -1))).toBe(false);
    expect(isApiKey(`${key}0`)).toBe(false);
    const old = `aok_${randomBytes(32).toString('base64url')}`; // the format before decision 082
    expect(isApiKey(old)).toBe(false);
  });

  it('lets a scanner find keys in text and tell real ones from look-alikes', () => {
    const real = newApiKeySecret();
    const fake = `aok_${'A'.repeat(38)}`;
    const text = `export TOKEN=${real}\nconst other = "${fake}";\n`;
    const found = [...text.matchAll(API_KEY_PATTERN)].map((m) => m[0]);
    expect(found).toEqual([real, fake]);
    expect(found.filter(isApiKey)).toEqual([real]);
  });

  it('draws every base62 character', () => {
    const seen = new Set(base62Random(randomBytes, 5000));
    expect(seen.size).toBe(62);
  });
});
