import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composerErrors } from '@/components/chats/composer-errors';
import { EnvError, parseEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/api-client';
import { bytesLeft, percentUsed, tightest } from '@/lib/quotas/types';

const MB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'atrio-quotas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('storage quotas', () => {
  it('default to 2048 MB a project and 500 MB a user, and take whole positive numbers only', () => {
    const env = parseEnv({ DATA_DIR: dir });
    expect([env.STORAGE_QUOTA_PROJECT_MB, env.STORAGE_QUOTA_USER_MB, env.CHAT_MESSAGES_PER_MINUTE]).toEqual([2048, 500, undefined]);
    const set = parseEnv({ DATA_DIR: dir, STORAGE_QUOTA_PROJECT_MB: '10', STORAGE_QUOTA_USER_MB: '1', CHAT_MESSAGES_PER_MINUTE: '5' });
    expect([set.STORAGE_QUOTA_PROJECT_MB, set.STORAGE_QUOTA_USER_MB, set.CHAT_MESSAGES_PER_MINUTE]).toEqual([10, 1, 5]);
    for (const bad of [{ STORAGE_QUOTA_USER_MB: '0' }, { STORAGE_QUOTA_PROJECT_MB: '1.5' }, { STORAGE_QUOTA_USER_MB: 'lots' }]) {
      expect(() => parseEnv({ DATA_DIR: dir, ...bad })).toThrow(EnvError);
    }
    expect(() => parseEnv({ DATA_DIR: dir, STORAGE_QUOTA_USER_MB: '0' })).toThrow(/STORAGE_QUOTA_USER_MB: expected a whole number of MB/);
  });

  it('bind by whichever quota has less left, the project on a tie', () => {
    const room = (projectUsed: number, userUsed: number) => ({ project: { used: projectUsed, quota: 10 * MB }, user: { used: userUsed, quota: 5 * MB } });
    expect(tightest(room(0, 0))).toMatchObject({ scope: 'user', left: 5 * MB });
    expect(tightest(room(8 * MB, 0))).toMatchObject({ scope: 'project', left: 2 * MB });
    expect(tightest(room(5 * MB, 0))).toMatchObject({ scope: 'project', left: 5 * MB });
    // Over a lowered quota: nothing left, never a negative room.
    expect(bytesLeft({ used: 7 * MB, quota: 5 * MB })).toBe(0);
  });

  it('show whole percents, a sliver of use as 1 and anything over as 100', () => {
    expect(percentUsed({ used: 0, quota: MB })).toBe(0);
    expect(percentUsed({ used: 10, quota: MB })).toBe(1);
    expect(percentUsed({ used: MB / 2, quota: MB })).toBe(50);
    expect(percentUsed({ used: 3 * MB, quota: MB })).toBe(100);
  });
});

describe('the chat composer’s errors', () => {
  it('keep the field errors, or the message of a whole-message refusal (413 quota, 429 limit)', () => {
    expect(composerErrors(new ApiError(413, 'x is larger than 10 MB.', { file_0: 'x is larger than 10 MB.' }))).toEqual({ file_0: 'x is larger than 10 MB.' });
    expect(composerErrors(new ApiError(413, 'Not enough storage left.'))).toEqual({ message: 'Not enough storage left.' });
    expect(composerErrors(new ApiError(429, 'Too quick.', {}, {}, 30))).toEqual({ message: 'Too quick.' });
    expect(composerErrors(new ApiError(500, 'Failed.'))).toEqual({});
  });
});
