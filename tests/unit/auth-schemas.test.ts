import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  type LoginInput,
  type RegisterFormInput,
  type RegisterInput,
  accountGeneralSchema,
  accountGeneralSchemaFor,
  accountPasswordFormSchema,
  accountPasswordSchema,
  emailConfirmationSchema,
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  revokeSessionSchema,
} from '@/lib/auth/schemas';
import { format } from '@/lib/i18n/format';
import { token, translateToken } from '@/lib/validation';
import es from '@/messages/es.json';

/** Issues as `path: token` pairs, or the parsed data. */
function parse(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { issues: Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message])) };
}

const PASSWORD = token('password', { min: 8, max: 128 });
const register = { captchaCode: 'c', name: 'José Núñez', email: 'jose@example.com', password: 'Secret123', navTimeZone: 'America/Santiago' };

describe('loginSchema', () => {
  it('accepts the seeded root address and normalises the email but not the password', () => {
    expect(parse(loginSchema, { captchaCode: ' c ', email: ' Root@LocalHost ', password: ' x ' })).toEqual({
      data: { captchaCode: 'c', email: 'root@localhost', password: ' x ' },
    });
  });

  it('checks presence only, not password strength', () => {
    expect(parse(loginSchema, { captchaCode: 'c', email: 'a@b.co', password: 'weak' })).toHaveProperty('data');
    expect(parse(loginSchema, {}).issues).toEqual({ captchaCode: token('required'), email: token('required'), password: token('required') });
    expect(parse(loginSchema, { captchaCode: 'c', email: 'a@b.co', password: 'x'.repeat(129) }).issues).toEqual({ password: token('stringMax', { max: 128 }) });
  });

  it('refuses a malformed email and a body that is not an object', () => {
    expect(parse(loginSchema, { captchaCode: 'c', email: 'root@', password: 'x' }).issues).toEqual({ email: token('email') });
    expect(parse(loginSchema, null).issues).toEqual({ '': token('invalid') });
  });
});

describe('registerSchema', () => {
  it('accepts a valid registration and trims the name', () => {
    expect(parse(registerSchema, { ...register, name: '  José Núñez ' })).toEqual({ data: register });
  });

  it('applies name, email and password rules', () => {
    const bad = parse(registerSchema, { ...register, name: 'Ana!', email: 'no', password: 'secret123' });
    expect(bad.issues).toEqual({ name: token('pattern.personName'), email: token('email'), password: PASSWORD });
    expect(parse(registerSchema, { ...register, name: "Jean-Luc O'Brien" }).issues).toBeUndefined();
    expect(parse(registerSchema, { ...register, name: 'a'.repeat(121) }).issues).toEqual({ name: token('stringMax', { max: 120 }) });
    expect(parse(registerSchema, { ...register, email: `${'a'.repeat(250)}@b.co` }).issues).toEqual({ email: token('stringMax', { max: 254 }) });
    expect(parse(registerSchema, { ...register, password: '' }).issues).toEqual({ password: token('required') });
  });

  it('takes the time zone as optional but checks it when given', () => {
    expect(parse(registerSchema, { ...register, navTimeZone: undefined }).data).toMatchObject({ navTimeZone: undefined });
    expect(parse(registerSchema, { ...register, navTimeZone: '' })).toHaveProperty('data');
    expect(parse(registerSchema, { ...register, navTimeZone: 'Mars/Olympus' }).issues).toEqual({ navTimeZone: token('invalid') });
  });

  it('the form version also needs a matching confirmation', () => {
    expect(parse(registerFormSchema, { ...register, passwordConfirm: 'Secret123' })).toHaveProperty('data');
    expect(parse(registerFormSchema, { ...register, passwordConfirm: 'Secret124' }).issues).toEqual({ passwordConfirm: token('passwordMatch') });
    expect(parse(registerFormSchema, register).issues).toEqual({ passwordConfirm: token('required') });
  });
});

describe('token schemas', () => {
  it('refresh takes an optional token of at most 200 characters', () => {
    expect(parse(refreshSchema, {})).toEqual({ data: {} });
    expect(parse(refreshSchema, { refreshToken: 'r' })).toEqual({ data: { refreshToken: 'r' } });
    expect(parse(refreshSchema, { refreshToken: 'r'.repeat(201) }).issues).toEqual({ refreshToken: token('stringMax', { max: 200 }) });
  });

  it('email confirmation needs the captcha and the token', () => {
    expect(parse(emailConfirmationSchema, { captchaCode: 'c', token: 't' })).toEqual({ data: { captchaCode: 'c', token: 't' } });
    expect(parse(emailConfirmationSchema, { token: 't'.repeat(201) }).issues).toEqual({
      captchaCode: token('required'),
      token: token('stringMax', { max: 200 }),
    });
  });

  it('revoking a session needs a uuid', () => {
    const id = '1B4E28BA-2FA1-41D2-883F-0016D3CCA427';
    expect(parse(revokeSessionSchema, { id })).toEqual({ data: { id: id.toLowerCase() } });
    expect(parse(revokeSessionSchema, { id: '42' }).issues).toEqual({ id: token('invalid') });
    expect(parse(revokeSessionSchema, {}).issues).toEqual({ id: token('required') });
  });
});

describe('account schemas', () => {
  it('general needs a name, an email and a real time zone', () => {
    expect(parse(accountGeneralSchema, { name: 'Ana', email: 'ANA@x.io', timeZone: 'Europe/Madrid' })).toEqual({
      data: { name: 'Ana', email: 'ana@x.io', timeZone: 'Europe/Madrid' },
    });
    expect(parse(accountGeneralSchema, { name: 'Ana', email: 'ana@x.io', timeZone: '' }).issues).toEqual({ timeZone: token('required') });
    expect(parse(accountGeneralSchema, { name: 'Ana', email: 'ana@x.io', timeZone: 'Nowhere' }).issues).toEqual({ timeZone: token('invalid') });
  });

  it('general asks for the current password only when the address changes', () => {
    const forAna = accountGeneralSchemaFor('Ana@x.io');
    const base = { name: 'Ana', timeZone: 'UTC' };
    expect(parse(forAna, { ...base, email: 'ANA@x.io' })).toHaveProperty('data');
    expect(parse(forAna, { ...base, email: 'ana.new@x.io' }).issues).toEqual({ currentPassword: token('required') });
    expect(parse(forAna, { ...base, email: 'ana.new@x.io', currentPassword: ' secret ' })).toEqual({
      data: { ...base, email: 'ana.new@x.io', currentPassword: ' secret ' },
    });
    // A malformed address is the only complaint.
    expect(parse(forAna, { ...base, email: 'nope' }).issues).toEqual({ email: token('email') });
  });

  it('password change checks the current one for presence and the new one for strength', () => {
    expect(parse(accountPasswordSchema, { currentPassword: 'old', newPassword: 'Newer1234' })).toHaveProperty('data');
    expect(parse(accountPasswordSchema, { currentPassword: '', newPassword: 'newer1234' }).issues).toEqual({
      currentPassword: token('required'),
      newPassword: PASSWORD,
    });
    expect(parse(accountPasswordFormSchema, { currentPassword: 'old', newPassword: 'Newer1234', newPasswordConfirm: 'Newer123' }).issues).toEqual({
      newPasswordConfirm: token('passwordMatch'),
    });
  });

  it('forgot and reset password', () => {
    expect(parse(forgotPasswordSchema, { captchaCode: 'c', email: 'A@B.co' })).toEqual({ data: { captchaCode: 'c', email: 'a@b.co' } });
    expect(parse(resetPasswordSchema, { token: 't', newPassword: 'short1A' }).issues).toEqual({ newPassword: PASSWORD });
    expect(parse(resetPasswordFormSchema, { token: 't', newPassword: 'Longer12', newPasswordConfirm: 'Longer12' })).toHaveProperty('data');
    expect(parse(resetPasswordFormSchema, { token: 't', newPassword: 'Longer12', newPasswordConfirm: 'longer12' }).issues).toEqual({
      newPasswordConfirm: token('passwordMatch'),
    });
  });
});

describe('in the browser, through zodResolver', () => {
  const resolve = zodResolver(registerFormSchema);
  const run = (values: Record<string, unknown>) => resolve(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });
  const tEs = (key: string, values?: Record<string, string | number>) =>
    format(String(key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], es.validation)), values);

  it('reports field and cross-field tokens that translate', async () => {
    const { errors } = await run({ ...register, email: 'no', password: 'Secret123', passwordConfirm: 'Secret124' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'passwordConfirm']);
    expect(translateToken(String(errors.email?.message), tEs)).toBe('Introduce un correo electrónico válido.');
    expect(translateToken(String(errors.passwordConfirm?.message), tEs)).toBe('Las contraseñas no coinciden.');
    const weak = await run({ ...register, password: 'secret', passwordConfirm: '' });
    expect(weak.errors.password?.message).toBe(PASSWORD);
    expect(weak.errors.passwordConfirm?.message).toBe(token('required'));
  });

  it('hands the submit handler the normalised values', async () => {
    const { values, errors } = await run({ ...register, name: ' José Núñez ', email: ' JOSE@example.com', navTimeZone: '', passwordConfirm: 'Secret123' });
    expect(errors).toEqual({});
    expect(values).toEqual({ ...register, navTimeZone: undefined, passwordConfirm: 'Secret123' });
  });

  it('are zod/mini schemas, which keep classic zod out of the form pages', () => {
    for (const schema of [
      loginSchema,
      registerFormSchema,
      accountGeneralSchema,
      accountPasswordFormSchema,
      resetPasswordFormSchema,
      emailConfirmationSchema,
      forgotPasswordSchema,
    ])
      expect((schema as { superRefine?: unknown }).superRefine).toBeUndefined();
  });
});

describe('types', () => {
  it('mandatory fields are strings, optional ones may be undefined, and forms take the schemas', () => {
    expectTypeOf<LoginInput>().toEqualTypeOf<{ captchaCode: string; email: string; password: string }>();
    expectTypeOf<RegisterInput['navTimeZone']>().toEqualTypeOf<string | undefined>();
    const resolver: Resolver<z.input<typeof registerFormSchema>, unknown, RegisterFormInput> = zodResolver(registerFormSchema);
    expect(resolver).toBeTypeOf('function');
  });
});
