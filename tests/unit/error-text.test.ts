import { describe, expect, it } from 'vitest';
import { errorText } from '@/lib/log/error-text';

describe('errorText', () => {
  it("gives an Error's message, and anything else thrown as text", () => {
    expect(errorText(new TypeError('bad input'))).toBe('bad input');
    expect(errorText('plain words')).toBe('plain words');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
  });
});
