import { token } from './messages';
import type { Rule } from './rules';
import { unstorableToken } from './storable';

/**
 * What a text field may hold besides printable characters. 'line': nothing (a one-line input);
 * 'multiline': tab and line breaks (descriptions, Markdown, chat messages); 'secret': anything,
 * for passwords that are only ever hashed, so one set before this rule still signs in.
 */
export type TextKind = 'line' | 'multiline' | 'secret';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;

/**
 * True when the text holds a C0 control character or DEL that `kind` does not allow.
 * PostgreSQL refuses NUL in text outright, and the others are invisible in a form.
 */
export function hasControlCharacters(value: string, kind: TextKind = 'line'): boolean {
  if (kind === 'secret') return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === DEL) return true;
    if (c >= 0x20) continue;
    if (kind === 'multiline' && (c === TAB || c === LF || c === CR)) continue;
    return true;
  }
  return false;
}

/**
 * The rule field() puts first, so this message wins over a pattern's hint. Text the database
 * cannot store (a lone surrogate) is refused here too, so a form says so before it is sent.
 */
export function plainText(kind: TextKind = 'line'): Rule<'plainText'> {
  return {
    kind: 'plainText',
    test(v) {
      if (typeof v !== 'string' || kind === 'secret') return undefined;
      return hasControlCharacters(v, kind) ? token('controlCharacters') : unstorableToken(v);
    },
  };
}
