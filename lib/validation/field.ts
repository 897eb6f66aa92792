// zod/mini, not classic zod: these schemas ship to the browser with every form, and only
// mini's standalone functions let the bundler drop the parts of zod that no form uses.
import * as z from 'zod/mini';
import { plainText, type TextKind } from './controls';
import { token } from './messages';
import { toNumber, type DecimalMark } from './numbers';
import { between, email, maxLength, pattern, required, type Rule } from './rules';

/** A field holding one of these rules never outputs undefined. */
type Mandatory = Rule<'required'> | Rule<'password'>;
type Output<R extends readonly Rule[], T> = [Extract<R[number], Mandatory>] extends [never] ? T | undefined : T;

export type FieldOptions = {
  /** Strip surrounding whitespace before checking (default true; pass false for passwords). */
  trim?: boolean;
  lowercase?: boolean;
  /** Which control characters pass: none ('line', the default), tab and line breaks ('multiline'), or any ('secret'). */
  text?: TextKind;
};

// Empty values travel as '' inside the schema: a schema that may take undefined is "optional"
// to z.object, which then skips it for a missing key and `required` would never run.
function applyRules(rules: readonly Rule[]) {
  // Only the first broken rule is reported, so the order of `rules` is their priority.
  return (value: string | number, ctx: z.core.$RefinementCtx) => {
    for (const rule of rules) {
      const message = value === '' ? rule.empty : rule.test(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return;
      }
    }
  };
}

const emptyToUndefined = <T>(value: T | '') => (value === '' ? undefined : value);

/** normalise → type check → rules → '' becomes undefined (what classic zod's preprocess/superRefine/transform chain did). */
function finish<T extends string | number>(normalise: (input: unknown) => unknown, type: z.ZodMiniType<T | ''>, rules: readonly Rule[]) {
  const checked = z.pipe(z.transform(normalise), type).check(z.superRefine(applyRules(rules)));
  return z.pipe(checked, z.transform(emptyToUndefined<T>));
}

/**
 * A text field: `field([required(), maxLength(120), pattern('fullName')])`. Accepts a string,
 * null or undefined; outputs the normalised string, or undefined when empty (then the type is
 * `string | undefined` unless a rule is required or password). Anything else is 'invalid'.
 * Rule issues do not abort, so object-level checks such as passwordConfirm still run.
 * Control characters are checked before the rules (`text` says which ones a field takes).
 */
export function field<const R extends readonly Rule[]>(rules: R, options: FieldOptions = {}): z.ZodMiniType<Output<R, string>, string | null | undefined> {
  const { trim = true, lowercase = false, text: kind = 'line' } = options;
  const normalise = (input: unknown) => {
    if (input === null || input === undefined) return '';
    if (typeof input !== 'string') return input;
    const text = trim ? input.trim() : input;
    return lowercase ? text.toLowerCase() : text;
  };
  return finish(normalise, z.string({ error: token('invalid') }), [plainText(kind), ...rules]) as never;
}

/**
 * A number field for inputs that give text or numbers: "1,234.5" (or "1.234,5" with
 * `decimal: ','`) outputs 1234.5. Empty outputs undefined; text that is no number fails with 'number'.
 */
export function numberField<const R extends readonly Rule[]>(
  rules: R,
  options: { decimal?: DecimalMark } = {},
): z.ZodMiniType<Output<R, number>, string | number | null | undefined> {
  const normalise = (input: unknown) => {
    if (input === null || input === undefined) return '';
    if (typeof input === 'string') return input.trim() === '' ? '' : toNumber(input, options.decimal);
    return input;
  };
  const numberOrEmpty = z.union([z.number(), z.literal('')], { error: token('number') });
  return finish(normalise, numberOrEmpty, rules) as never;
}

/** A whole number between `min` and `max` (a query string's "2" too); undefined when absent or empty. */
export function wholeNumberField(min: number, max: number) {
  return numberField([between(min, max)]).check(z.refine((v) => v === undefined || Number.isInteger(v), { error: token('invalid') }));
}

/** A list's page number (or size): whole, in range, `fallback` when absent or empty. */
export function pageField(fallback: number, min = 1, max = 100_000) {
  return z.pipe(
    wholeNumberField(min, max),
    z.transform((v) => v ?? fallback),
  );
}

/**
 * Object-level check: the confirmation must equal the password, else `passwordMatch` on the
 * confirmation. An empty confirmation is left to that field's own rules (make it required).
 * `withConfirmation` puts both on a schema.
 */
export function passwordConfirm<P extends string, C extends string>(passwordKey: P, confirmKey: C) {
  return (value: { [K in P | C]?: unknown }, ctx: z.core.$RefinementCtx) => {
    const confirmation = value[confirmKey];
    if (confirmation === undefined || confirmation === '' || confirmation === value[passwordKey]) return;
    ctx.addIssue({ code: 'custom', path: [confirmKey], message: token('passwordMatch'), input: confirmation });
  };
}

/** The repeated-password input: required, never trimmed. */
export const confirmation = () => field([required()], { trim: false, text: 'secret' });

/** A form's schema: the API's fields plus the repeated password, which must match. */
export function withConfirmation<S extends z.ZodMiniObject, P extends keyof S['shape'] & string, C extends string>(schema: S, passwordKey: P, confirmKey: C) {
  const extra = { [confirmKey]: confirmation() } as { [K in C]: ReturnType<typeof confirmation> };
  return z.extend(schema, extra).check(z.superRefine(passwordConfirm(passwordKey, confirmKey)));
}

/** An email address as every form takes it: required, at most 254 characters, lowercased. */
export const emailField = () => field([required(), email(), maxLength(254)], { lowercase: true });

/** An id picked from a list: required, a uuid in any case (lowercased), else 'invalid'. */
export const uuidField = () => field([required(), pattern('uuid', 'invalid')], { lowercase: true });

/** z.object whose "not an object" issue is a token too, so every message translates. */
export function form<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object(shape, { error: token('invalid') });
}
