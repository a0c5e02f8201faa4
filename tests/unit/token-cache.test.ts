// The access-token cache of decision 024: TTL, the token's own expiry, forgetting by every key,
// the generation guard against a lookup racing a revocation, and the bound.
import { describe, expect, it } from 'vitest';
import {
  cacheGeneration,
  cachedActor,
  forgetTokens,
  rememberActor,
  setTokenAnnouncer,
  TOKEN_CACHE_MAX_ENTRIES,
  TOKEN_CACHE_TTL_MS,
  type CachedToken,
} from '@/lib/server/auth/token-cache';
import { insideTransaction } from '@/lib/server/sqlite-turns';

let n = 0;
function token(over: Partial<CachedToken> = {}): CachedToken {
  const id = `k${++n}`;
  return {
    actor: { companyId: 'c', kind: 'apiKey', id, name: 'key', userId: null, role: 'admin', sectors: [] },
    familyId: `f${n}`,
    apiKeyId: id,
    userId: null,
    tokenExpiresAt: Date.now() + 3_600_000,
    ...over,
  };
}

describe('token cache', () => {
  it('answers a remembered token until its TTL ends, and never past the token expiry', () => {
    const now = Date.now();
    const t = token();
    rememberActor('h1', t, cacheGeneration(), now);
    expect(cachedActor('h1', now + 1)).toEqual(t.actor);
    expect(cachedActor('h1', now + TOKEN_CACHE_TTL_MS)).toBeUndefined();
    rememberActor('h2', token({ tokenExpiresAt: now + 1000 }), cacheGeneration(), now);
    expect(cachedActor('h2', now + 999)).toBeDefined();
    expect(cachedActor('h2', now + 1000)).toBeUndefined();
  });

  it('forgets by hash, API key, person and family, and leaves the others', () => {
    const a = token();
    const b = token({ userId: 'u1', apiKeyId: null });
    const c = token();
    const d = token();
    const gen = cacheGeneration();
    rememberActor('a', a, gen);
    rememberActor('b', b, gen);
    rememberActor('c', c, gen);
    rememberActor('d', d, gen);
    forgetTokens({ hash: 'a' });
    forgetTokens({ userId: 'u1' });
    forgetTokens({ apiKeyId: c.apiKeyId! });
    expect([cachedActor('a'), cachedActor('b'), cachedActor('c')]).toEqual([undefined, undefined, undefined]);
    expect(cachedActor('d')).toEqual(d.actor);
    forgetTokens({ familyId: d.familyId });
    expect(cachedActor('d')).toBeUndefined();
  });

  it('does not store a lookup that began before a revocation', () => {
    const gen = cacheGeneration();
    forgetTokens({ hash: 'other' });
    rememberActor('late', token(), gen);
    expect(cachedActor('late')).toBeUndefined();
  });

  it('stays bounded', () => {
    const gen = cacheGeneration();
    for (let i = 0; i < TOKEN_CACHE_MAX_ENTRIES + 50; i++) rememberActor(`bulk${i}`, token(), gen);
    expect(cachedActor('bulk0')).toBeUndefined();
    expect(cachedActor(`bulk${TOKEN_CACHE_MAX_ENTRIES + 49}`)).toBeDefined();
  });

  it('announces a forget to the other instances only after the commit, and never one they announced (decision 044)', () => {
    const announced: unknown[] = [];
    setTokenAnnouncer((match) => announced.push(match));
    try {
      insideTransaction.run(true, () => forgetTokens({ apiKeyId: 'in-tx' })); // not committed yet: not announced
      forgetTokens({ apiKeyId: 'committed' });
      forgetTokens({ userId: 'heard' }, false); // heard from another instance: not announced back
      expect(announced).toEqual([{ apiKeyId: 'committed' }]);
    } finally {
      setTokenAnnouncer(undefined);
    }
  });
});
