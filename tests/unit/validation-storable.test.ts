import { describe, expect, it } from 'vitest';
import { field, findUnstorable, token, unstorableToken } from '@/lib/validation';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const CONTROL = token('controlCharacters');
const BROKEN = token('brokenCharacters');

describe('text the database cannot store', () => {
  it('is NUL or half a surrogate pair, wherever it sits; whole pairs and other text pass', () => {
    for (const text of ['a\u0000b', '\u0000']) expect(unstorableToken(text)).toBe(CONTROL);
    for (const text of ['a\ud800b', 'a\udfffb', '\ud800', 'x\udc00\ud800y', 'end\ud83d']) expect(unstorableToken(text), JSON.stringify(text)).toBe(BROKEN);
    for (const text of ['', 'plain', '🎉 emoji', '𝄞 clef', 'tab\there', 'é\u0301', '\ufffd'])
      expect(unstorableToken(text), JSON.stringify(text)).toBeUndefined();
  });

  it('is found in any value of a body, known field or not, with its path', () => {
    expect(findUnstorable({ name: 'ok', checklist: [{ text: 'fine' }, { text: 'a\ud800' }] })).toEqual({ path: ['checklist', 1, 'text'], message: BROKEN });
    expect(findUnstorable({ unknown: { deeper: 'x\u0000' } })).toEqual({ path: ['unknown', 'deeper'], message: CONTROL });
    expect(findUnstorable(['ok', 'a\u0000'])).toEqual({ path: [1], message: CONTROL });
    expect(findUnstorable({ name: 'José', tags: ['🎉'], n: 1, none: null })).toBeNull();
  });

  it('is found in a key, reported on the object that holds it', () => {
    expect(findUnstorable({ answers: { 'q\u0000': 'yes' } })).toEqual({ path: ['answers'], message: CONTROL });
    expect(findUnstorable({ '\ud800': 1 })).toEqual({ path: [], message: BROKEN });
  });

  it('is left to the schema in a password, which is only hashed (one set before the check still signs in)', () => {
    expect(findUnstorable({ email: 'a@example.com', password: 'pa\u0000ss', currentPassword: 'x\ud800', newPassword: '\u0000' })).toBeNull();
    expect(findUnstorable({ profile: { password: 'x', name: 'a\u0000' } })).toEqual({ path: ['profile', 'name'], message: CONTROL });
  });

  it('is looked for without recursion: a body nested 100,000 deep is walked, not a stack overflow', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)?.path).toHaveLength(100_000);
  });

  it('is refused by a form field before it is sent, except in a secret', () => {
    expect(field([]).safeParse('a\ud800b').error?.issues[0].message).toBe(BROKEN);
    expect(field([], { text: 'multiline' }).safeParse('line\n\udfff').error?.issues[0].message).toBe(BROKEN);
    expect(field([], { text: 'secret', trim: false }).safeParse('a\ud800b').success).toBe(true);
  });

  it('has a message in each language', () => {
    expect(en.validation.brokenCharacters).toMatch(/broken character/);
    expect(es.validation.brokenCharacters).toMatch(/carácter roto/);
  });
});
