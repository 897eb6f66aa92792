import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from '@/lib/shell/random-uuid';
import { matchesPattern } from '@/lib/validation';

// Browser code makes ids with randomUuid, which works where crypto.randomUUID does not
// (a page over plain http on a LAN address is not a secure context).

afterEach(() => vi.unstubAllGlobals());

describe('randomUuid', () => {
  it('makes version 4 UUIDs the schemas accept without crypto.randomUUID', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const ids = Array.from({ length: 200 }, randomUuid);
    for (const id of ids) {
      expect(matchesPattern('uuid', id)).toBe(true);
      expect(id[14]).toBe('4');
      expect('89ab').toContain(id[19]);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is what browser code uses: no component calls crypto.randomUUID itself', () => {
    const files = readdirSync('components', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => readFileSync(`components/${file}`, 'utf8').includes('crypto.randomUUID'));
    expect(offenders).toEqual([]);
  });
});
