import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';

const dir = mkdtempSync(path.join(tmpdir(), 'atrio-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WATCHDOG_MS', () => {
  it('defaults to 10 s; 0 turns the watchdog off', () => {
    expect(parseEnv({ DATA_DIR: dir }).WATCHDOG_MS).toBe(10_000);
    expect(parseEnv({ DATA_DIR: dir, WATCHDOG_MS: '0' }).WATCHDOG_MS).toBe(0);
    expect(parseEnv({ DATA_DIR: dir, WATCHDOG_MS: '30000' }).WATCHDOG_MS).toBe(30_000);
  });

  it.each(['500', '600001', '-1', '1.5', 'soon'])('refuses %s, naming the variable', (value) => {
    expect(() => parseEnv({ DATA_DIR: dir, WATCHDOG_MS: value })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: dir, WATCHDOG_MS: value })).toThrow(/WATCHDOG_MS: expected/);
  });
});
