import { token } from './messages';
import { toNumber, type DecimalMark } from './numbers';
import { matchesPattern, type PatternName } from './patterns';
import { isTimeZone } from './timezone';

/**
 * One validation rule. `test` sees only non-empty values and returns a message token when
 * the value breaks the rule. Empty values ('' / null / undefined) pass every rule that has
 * no `empty` token; per SPEC.md §5 only required and password have one.
 */
export type Rule<K extends string = string> = {
  readonly kind: K;
  readonly empty?: string;
  test(value: string | number): string | undefined;
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const length = (value: string | number) => [...String(value)].length;

export function required(): Rule<'required'> {
  return { kind: 'required', empty: token('required'), test: () => undefined };
}

/** Lengths count characters (code points), so "é" or an emoji counts once. */
export function minLength(min: number): Rule<'minLength'> {
  return { kind: 'minLength', test: (v) => (length(v) < min ? token('stringMin', { min }) : undefined) };
}

export function maxLength(max: number): Rule<'maxLength'> {
  return { kind: 'maxLength', test: (v) => (length(v) > max ? token('stringMax', { max }) : undefined) };
}

const PATTERN_KEYS: Partial<Record<PatternName, string>> = { email: 'email', alpha: 'alpha' };

/** A SPEC.md pattern; the message defaults to the pattern's own hint (`pattern.<name>`). */
export function pattern(name: PatternName, messageKey = PATTERN_KEYS[name] ?? `pattern.${name}`): Rule<'pattern'> {
  const message = token(messageKey);
  return { kind: 'pattern', test: (v) => (matchesPattern(name, String(v)) ? undefined : message) };
}

export function email(): Rule<'email'> {
  return { kind: 'email', test: (v) => (matchesPattern('email', String(v)) ? undefined : token('email')) };
}

export function alpha(): Rule<'alpha'> {
  return { kind: 'alpha', test: (v) => (matchesPattern('alpha', String(v)) ? undefined : token('alpha')) };
}

/** Password strength. Unlike the other rules an empty value fails, with the same message. */
export function password(): Rule<'password'> {
  const message = token('password', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  return { kind: 'password', empty: message, test: (v) => (matchesPattern('password', String(v)) ? undefined : message) };
}

/** Strictly greater than `min`. Strings are read as by `between`. */
export function greaterThan(min: number, options: { decimal?: DecimalMark } = {}): Rule<'greaterThan'> {
  return {
    kind: 'greaterThan',
    test(value) {
      const n = toNumber(value, options.decimal);
      if (Number.isNaN(n)) return token('number');
      return n > min ? undefined : token('greaterThan', { min });
    },
  };
}

/**
 * min ≤ value ≤ max. Strings may group thousands: with the default decimal point "1,234.5"
 * reads 1234.5; with `{ decimal: ',' }` "1.234,5" does. Badly grouped text ("1,5" with the
 * default) is not a number rather than a silently different one.
 */
export function between(min: number, max: number, options: { decimal?: DecimalMark } = {}): Rule<'between'> {
  return {
    kind: 'between',
    test(value) {
      const n = toNumber(value, options.decimal);
      if (Number.isNaN(n)) return token('number');
      if (n < min) return token('numberMinEq', { min });
      if (n > max) return token('numberMaxEq', { max });
      return undefined;
    },
  };
}

/** An IANA time zone name such as "America/Santiago". */
export function timeZone(): Rule<'timeZone'> {
  return { kind: 'timeZone', test: (v) => (isTimeZone(String(v)) ? undefined : token('invalid')) };
}
