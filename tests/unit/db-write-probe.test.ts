import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { takesWrites } from '@/lib/db/recovery';

const dir = mkdtempSync(path.join(tmpdir(), 'atrio-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the write probe recovery waits on', () => {
  it('passes in a writable folder and leaves nothing behind', () => {
    expect(takesWrites(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails, without throwing, where nothing can be written', () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    expect(takesWrites(path.join(file, 'not-a-folder'))).toBe(false);
    expect(takesWrites(path.join(dir, 'missing'))).toBe(false);
  });
});
