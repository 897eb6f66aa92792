import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { format } from '@/lib/i18n/format';
import { fieldErrors, parseToken, PATTERNS, pattern, token, translateToken, type PatternName, type Translate } from '@/lib/validation';
import { between, email, field, form, greaterThan, maxLength, minLength, password, required } from '@/lib/validation';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

/** A translator over one locale's validation namespace that fails loudly on a missing key. */
function translator(messages: { validation: Record<string, unknown> }): Translate {
  return (key, values) => {
    const template = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages.validation);
    if (typeof template !== 'string') throw new Error(`missing validation.${key}`);
    return format(template, values);
  };
}
const tEn = translator(en);
const tEs = translator(es);

describe('tokens', () => {
  it('round-trip their key and values', () => {
    expect(parseToken(token('required'))).toEqual({ key: 'required' });
    expect(parseToken(token('stringMin', { min: 8 }))).toEqual({ key: 'stringMin', values: { min: 8 } });
    expect(parseToken(token('pattern.dateYmd'))).toEqual({ key: 'pattern.dateYmd' });
  });

  it('leave other messages alone', () => {
    for (const message of ['Wrong email or password.', 'Invalid input: expected string', 'validation.stringMin {not json', 'validation.x [1]', ''])
      expect(translateToken(message, tEn)).toBe(message);
  });

  it('translate with their values in English and Spanish', () => {
    expect(translateToken(token('stringMin', { min: 8 }), tEn)).toBe('Use at least 8 characters.');
    expect(translateToken(token('stringMin', { min: 8 }), tEs)).toBe('Usa al menos 8 caracteres.');
    expect(translateToken(token('numberMaxEq', { max: 5000 }), tEs)).toBe('Introduce un número menor o igual que 5000.');
    expect(translateToken(token('passwordMatch'), tEn)).toBe('The passwords do not match.');
    expect(translateToken(token('required'), tEs)).toBe('Este campo es obligatorio.');
  });

  it('name keys that exist in both languages and leave no placeholder unfilled', () => {
    const rules = [
      required(),
      password(),
      minLength(2),
      maxLength(1),
      email(),
      greaterThan(5),
      between(2, 3),
      ...Object.keys(PATTERNS).map((name) => pattern(name as PatternName)),
    ];
    const probes = ['', 'x', '😀', '1', '9', 'x y'];
    const messages = new Set<string>([token('invalid'), token('number'), token('passwordMatch')]);
    for (const rule of rules) {
      if (rule.empty) messages.add(rule.empty);
      for (const probe of probes) {
        const message = rule.test(probe);
        if (message) messages.add(message);
      }
    }
    expect(messages.size).toBeGreaterThan(25);
    for (const message of messages) for (const t of [tEn, tEs]) expect(translateToken(message, t)).not.toMatch(/^validation\.|\{\w+\}/);
  });
});

describe('fieldErrors', () => {
  const schema = form({
    name: field([required(), maxLength(3)]),
    contact: form({ email: field([required(), email()]) }),
  });

  it('keeps the first message per field, with dotted paths', () => {
    const result = schema.safeParse({ name: 'Too long', contact: { email: 'nope' } });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!, tEs)).toEqual({ name: 'Usa como máximo 3 caracteres.', 'contact.email': 'Introduce un correo electrónico válido.' });
  });

  it('keeps only the first of several messages on one field', () => {
    const twice = z.object({
      a: z
        .string()
        .min(3, token('stringMin', { min: 3 }))
        .regex(/^\d+$/, token('invalid')),
    });
    const result = twice.safeParse({ a: 'x' });
    expect(fieldErrors(result.error!, tEn)).toEqual({ a: 'Use at least 3 characters.' });
  });

  it('reports a body that is not an object under the empty path', () => {
    expect(fieldErrors(schema.safeParse('text').error!, tEn)).toEqual({ '': 'This value is not valid.' });
  });
});

describe('through zodResolver', () => {
  it('keeps tokens that the client can translate', async () => {
    const schema = form({ name: field([required()]), code: field([minLength(4)]) });
    const resolve = zodResolver(schema);
    const result = await resolve({ name: '', code: 'ab' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.name?.message).toBe(token('required'));
    expect(translateToken(String(result.errors.code?.message), tEs)).toBe('Usa al menos 4 caracteres.');
  });
});
