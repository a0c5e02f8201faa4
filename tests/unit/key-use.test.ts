// The last-use throttle of decision 083: a key's use is written at most once a minute per process.
import { describe, expect, it } from 'vitest';
import { KEY_USE_INTERVAL_MS, keyUseDue } from '@/lib/server/auth/key-use';

describe('API key last-use throttle', () => {
  it('answers a use to write once, then nothing for a minute, then again', () => {
    const t = 1_000_000_000_000;
    const first = keyUseDue('key-a', t);
    expect(first).toEqual({ lastUsedAt: new Date(t), lastUsedFrom: null });
    expect(keyUseDue('key-a', t + 1)).toBeNull();
    expect(keyUseDue('key-a', t + KEY_USE_INTERVAL_MS - 1)).toBeNull();
    // Another key is counted apart.
    expect(keyUseDue('key-b', t + 1)).not.toBeNull();
    expect(keyUseDue('key-a', t + KEY_USE_INTERVAL_MS)).toEqual({ lastUsedAt: new Date(t + KEY_USE_INTERVAL_MS), lastUsedFrom: null });
    expect(keyUseDue('key-a', t + KEY_USE_INTERVAL_MS + 1)).toBeNull();
  });
});
