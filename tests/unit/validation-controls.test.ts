import { describe, expect, it } from 'vitest';
import { field, hasControlCharacters, maxLength, pattern, required, token } from '@/lib/validation';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const CONTROL = token('controlCharacters');
const messagesOf = (schema: ReturnType<typeof field>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues.map((i) => i.message);
};

// Every C0 control and DEL, as one-character strings.
const C0 = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];
const BREAKS = ['\t', '\n', '\r'];

describe('hasControlCharacters', () => {
  it('finds every C0 control and DEL in a one-line text, wherever it is', () => {
    for (const c of C0) {
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
      expect(hasControlCharacters(c)).toBe(true);
    }
  });

  it('lets a multi-line text keep tab, LF and CR, and nothing else', () => {
    for (const c of C0) expect(hasControlCharacters(`a${c}b`, 'multiline'), JSON.stringify(c)).toBe(!BREAKS.includes(c));
  });

  it('passes printable text of any script, and C1 or format characters it does not judge', () => {
    for (const text of ['José Zoë Łódź', '東京 🎉', 'a\u00a0b', 'x\u0085y', '', 'Markdown: *bold* `code` <b>']) {
      expect(hasControlCharacters(text)).toBe(false);
      expect(hasControlCharacters(text, 'multiline')).toBe(false);
    }
  });

  it('never judges a secret', () => {
    expect(hasControlCharacters('a\u0000\tb', 'secret')).toBe(false);
  });
});

describe('field() refuses control characters first', () => {
  it('in a one-line field, ahead of the other rules, with its own message', () => {
    const name = field([required(), pattern('productName'), maxLength(5)]);
    expect(messagesOf(name, 'a\u0000b')).toEqual([CONTROL]);
    expect(messagesOf(name, 'ab\ncd')).toEqual([CONTROL]);
    expect(messagesOf(name, 'x'.repeat(9) + '\u0000')).toEqual([CONTROL]);
    // Surrounding whitespace is trimmed away before the check, as before.
    expect(messagesOf(name, '\n ab \t')).toBe('ok');
    expect(messagesOf(name, '')).toEqual([token('required')]);
  });

  it('in a multi-line field only NUL, the other C0 controls and DEL', () => {
    const body = field([maxLength(100)], { text: 'multiline' });
    expect(messagesOf(body, 'one\r\n\ttwo')).toBe('ok');
    expect(messagesOf(body, 'one\u0000two')).toEqual([CONTROL]);
    expect(messagesOf(body, 'bell\u0007')).toEqual([CONTROL]);
    expect(messagesOf(body, 'del\u007f')).toEqual([CONTROL]);
  });

  it('not in a secret (a password is hashed, never stored as text)', () => {
    expect(messagesOf(field([required()], { trim: false, text: 'secret' }), 'pa\tss\u0000')).toBe('ok');
  });

  it('with a message in both languages', () => {
    expect(en.validation.controlCharacters).toMatch(/control/i);
    expect(es.validation.controlCharacters).toMatch(/control/i);
  });
});
