import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  alpha,
  between,
  confirmation,
  email,
  field,
  form,
  greaterThan,
  maxLength,
  minLength,
  numberField,
  password,
  passwordConfirm,
  pattern,
  required,
  timeZone,
  toNumber,
  token,
  type Rule,
} from '@/lib/validation';

/** The messages a schema reports for a value, or 'ok'. */
function check(schema: z.ZodMiniType, value: unknown): string[] | 'ok' {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues.map((issue) => issue.message);
}

const EMPTY = ['', '   ', null, undefined];

describe('rules and empty values', () => {
  const optionalRules: [string, Rule][] = [
    ['minLength', minLength(3)],
    ['maxLength', maxLength(3)],
    ['greaterThan', greaterThan(10)],
    ['email', email()],
    ['alpha', alpha()],
    ['between', between(1, 5)],
    ['pattern', pattern('hexcolor')],
    ['timeZone', timeZone()],
  ];

  for (const [name, rule] of optionalRules) {
    it(`${name} lets empty values pass`, () => {
      for (const value of EMPTY) expect(check(field([rule]), value)).toBe('ok');
    });
  }

  it('required refuses every empty value, including blanks once trimmed', () => {
    for (const value of EMPTY) expect(check(field([required()]), value)).toEqual([token('required')]);
    expect(check(field([required()]), 'x')).toBe('ok');
  });

  it('password refuses empty values with its own message', () => {
    const message = token('password', { min: 8, max: 128 });
    for (const value of EMPTY) expect(check(field([password()], { trim: false }), value)).toEqual([message]);
    expect(check(field([password()], { trim: false }), 'Abcdefg1')).toBe('ok');
    expect(check(field([password()], { trim: false }), 'abcdefg1')).toEqual([message]);
  });

  it('empty optional values come out as undefined, and a missing key counts as empty', () => {
    expect(field([maxLength(3)]).parse('  ')).toBeUndefined();
    expect(check(form({ name: field([required()]) }), {})).toEqual([token('required')]);
    expect(form({ name: field([maxLength(3)]) }).parse({})).toEqual({});
  });
});

describe('rules on values', () => {
  it('min and max length count characters and carry their bound', () => {
    expect(check(field([minLength(3)]), 'ab')).toEqual([token('stringMin', { min: 3 })]);
    expect(check(field([minLength(3)]), 'abc')).toBe('ok');
    expect(check(field([maxLength(3)]), 'abcd')).toEqual([token('stringMax', { max: 3 })]);
    // Three characters, six UTF-16 code units.
    expect(check(field([maxLength(3)]), '😀😀😀')).toBe('ok');
  });

  it('greaterThan is strict', () => {
    expect(check(field([greaterThan(10)]), '10')).toEqual([token('greaterThan', { min: 10 })]);
    expect(check(field([greaterThan(10)]), '10.01')).toBe('ok');
    expect(check(field([greaterThan(10)]), 'ten')).toEqual([token('number')]);
  });

  it('email, alpha and pattern report their own keys', () => {
    expect(check(field([email()]), 'nope')).toEqual([token('email')]);
    expect(check(field([alpha()]), 'abc1')).toEqual([token('alpha')]);
    expect(check(field([pattern('fullName')]), 'Ana!')).toEqual([token('pattern.fullName')]);
    expect(check(field([pattern('alpha')]), 'a1')).toEqual([token('alpha')]);
    expect(check(field([pattern('hexcolor', 'invalid')]), 'red')).toEqual([token('invalid')]);
  });

  it('reports only the first broken rule, in the given order', () => {
    expect(check(field([maxLength(2), email()]), 'abcdef')).toEqual([token('stringMax', { max: 2 })]);
    expect(check(field([email(), maxLength(2)]), 'abcdef')).toEqual([token('email')]);
  });

  it('refuses values that are not text', () => {
    for (const value of [42, true, {}, ['a']]) expect(check(field([]), value)).toEqual([token('invalid')]);
  });

  it('trims and lower-cases when asked, and never trims when told not to', () => {
    expect(field([], { lowercase: true }).parse('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(field([], { trim: false }).parse('  pass  ')).toBe('  pass  ');
  });

  it('timeZone accepts IANA names only', () => {
    for (const zone of ['Europe/Madrid', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5']) expect(check(field([timeZone()]), zone)).toBe('ok');
    for (const zone of ['Mars/Olympus', '+01:00', 'Europe/', 'Madrid Time']) expect(check(field([timeZone()]), zone)).toEqual([token('invalid')]);
  });
});

describe('between', () => {
  const range = field([between(1, 5000)]);

  it('checks both bounds inclusively with their own messages', () => {
    expect(check(range, '1')).toBe('ok');
    expect(check(range, '5000')).toBe('ok');
    expect(check(range, '0.99')).toEqual([token('numberMinEq', { min: 1 })]);
    expect(check(range, '5000.01')).toEqual([token('numberMaxEq', { max: 5000 })]);
  });

  it('strips thousands separators for the chosen decimal mark', () => {
    expect(check(range, '1,234.5')).toBe('ok');
    expect(check(range, '5,000.5')).toEqual([token('numberMaxEq', { max: 5000 })]);
    const comma = field([between(1, 5000, { decimal: ',' })]);
    expect(check(comma, '1.234,5')).toBe('ok');
    expect(check(comma, '5.000,5')).toEqual([token('numberMaxEq', { max: 5000 })]);
  });

  it('refuses badly grouped numbers instead of misreading them', () => {
    expect(check(range, '1,5')).toEqual([token('number')]);
    expect(check(range, '12,34.5')).toEqual([token('number')]);
    expect(check(range, 'abc')).toEqual([token('number')]);
  });

  it('reads numbers the way people type them', () => {
    expect(toNumber('1,234,567.89')).toBe(1234567.89);
    expect(toNumber(' -1.234,5 ', ',')).toBe(-1234.5);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('1.234.567', ',')).toBe(1234567);
    expect(toNumber('1.5', ',')).toBeNaN();
    expect(toNumber(Infinity)).toBeNaN();
  });
});

describe('numberField', () => {
  const amount = numberField([required(), between(1, 5000)], { decimal: ',' });

  it('outputs numbers from text or numbers', () => {
    expect(amount.parse('1.234,5')).toBe(1234.5);
    expect(amount.parse(12)).toBe(12);
  });

  it('keeps the empty and invalid semantics', () => {
    expect(check(amount, '')).toEqual([token('required')]);
    expect(check(amount, 'doce')).toEqual([token('number')]);
    expect(check(amount, 6000)).toEqual([token('numberMaxEq', { max: 5000 })]);
    expect(numberField([between(1, 2)]).parse(null)).toBeUndefined();
  });
});

describe('passwordConfirm', () => {
  const schema = form({ password: field([password()], { trim: false }), passwordConfirm: confirmation() }).check(
    z.superRefine(passwordConfirm('password', 'passwordConfirm')),
  );
  const issues = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? 'ok' : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('passes when both match exactly', () => {
    expect(issues({ password: 'Abcdefg1', passwordConfirm: 'Abcdefg1' })).toBe('ok');
  });

  it('puts passwordMatch on the confirmation, even while the password itself is weak', () => {
    expect(issues({ password: 'Abcdefg1', passwordConfirm: 'Abcdefg2' })).toEqual([['passwordConfirm', token('passwordMatch')]]);
    expect(issues({ password: 'weak', passwordConfirm: 'other' })).toEqual([
      ['password', token('password', { min: 8, max: 128 })],
      ['passwordConfirm', token('passwordMatch')],
    ]);
  });

  it('does not trim either side, and leaves an empty confirmation to required', () => {
    expect(issues({ password: 'Abcdefg1 ', passwordConfirm: 'Abcdefg1' })).toEqual([['passwordConfirm', token('passwordMatch')]]);
    expect(issues({ password: 'Abcdefg1', passwordConfirm: '' })).toEqual([['passwordConfirm', token('required')]]);
  });
});
