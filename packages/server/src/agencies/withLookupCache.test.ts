import { describe, expect, it } from 'vitest';
import { withLookupCache } from './withLookupCache';
import { AgencyUnavailableError, type Agencies } from './types';

function counting(fail = false) {
  const calls: string[] = [];
  const agencies: Agencies = {
    jce: {
      async lookup(c) {
        calls.push(c);
        if (fail) throw new AgencyUnavailableError('JCE', 'caída');
        return c === '00104578232' ? { cedula: c, nombres: 'María', apellidos: 'Rosario' } : null;
      },
      birthDateMatches: async () => false,
    },
    onapi: { certificate: async () => null, verifyName: async () => [] },
    dgii: { taxpayer: async () => null },
    inapa: { contractExists: async () => false },
  };
  return { agencies, calls };
}

describe('withLookupCache', () => {
  it('answers repeated lookups, found or not, from memory within the TTL', async () => {
    const { agencies, calls } = counting();
    const cached = withLookupCache(agencies, { ttlMs: 60_000, maxEntries: 10 });
    for (let i = 0; i < 3; i++) {
      expect(await cached.jce.lookup('00104578232')).toMatchObject({ nombres: 'María' });
      expect(await cached.jce.lookup('40212345678')).toBeNull();
    }
    expect(calls).toEqual(['00104578232', '40212345678']);
  });
  it('asks again after the TTL and evicts the oldest entry when full', async () => {
    const { agencies, calls } = counting();
    const expired = withLookupCache(agencies, { ttlMs: 0, maxEntries: 10 });
    await expired.jce.lookup('00104578232');
    await expired.jce.lookup('00104578232');
    expect(calls).toHaveLength(2);
    const small = withLookupCache(agencies, { ttlMs: 60_000, maxEntries: 1 });
    await small.jce.lookup('a');
    await small.jce.lookup('b');
    await small.jce.lookup('a');
    expect(calls.slice(2)).toEqual(['a', 'b', 'a']);
  });
  it('never caches a failure', async () => {
    const { agencies, calls } = counting(true);
    const cached = withLookupCache(agencies);
    await expect(cached.jce.lookup('00104578232')).rejects.toThrow(AgencyUnavailableError);
    await expect(cached.jce.lookup('00104578232')).rejects.toThrow(AgencyUnavailableError);
    expect(calls).toHaveLength(2);
  });
});
