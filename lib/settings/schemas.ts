import * as z from 'zod/mini';
import { extensions, type Extension } from '../access/extensions';
import type { Locale } from '../i18n/locales';
import { isLocale } from '../i18n/negotiate';
import { field, form, maxLength, pattern, required, timeZone, token, type Rule } from '../validation';
import { isCurrency } from './currencies';
import { PROJECT_NAME_MAX } from './limits';

// Shared by the settings forms (through zodResolver) and the route handlers: no server imports.

export * from './limits';

function currency(): Rule<'currency'> {
  return { kind: 'currency', test: (v) => (isCurrency(String(v)) ? undefined : token('invalid')) };
}

function language(): Rule<'language'> {
  return { kind: 'language', test: (v) => (isLocale(String(v)) ? undefined : token('invalid')) };
}

export const generalSettingsSchema = form({
  name: field([required(), pattern('productName'), maxLength(PROJECT_NAME_MAX)]),
  currency: field([required(), currency()]),
  timeZone: field([required(), timeZone()]),
  language: z.pipe(
    field([required(), language()]),
    z.transform((v) => v as Locale),
  ),
  // Only the API sends it; a new logo in the same request wins over it.
  removeLogo: z.optional(z.boolean({ error: token('invalid') })),
});

/** The extensions the project's staff switch; the exclusive ones are root's. */
export type SwitchableExtension = { [K in Extension]: (typeof extensions)[K]['exclusive'] extends true ? never : K }[Extension];
export type ExclusiveExtension = Exclude<Extension, SwitchableExtension>;

export const switchableExtensions = (Object.keys(extensions) as Extension[]).filter((n): n is SwitchableExtension => !extensions[n].exclusive);
export const exclusiveExtensions = (Object.keys(extensions) as Extension[]).filter((n): n is ExclusiveExtension => extensions[n].exclusive);

const flag = z.optional(z.boolean({ error: token('invalid') }));
// Declared (as anything) only so the service can refuse them with 403 instead of the
// parser silently dropping a key the caller meant.
const refused = z.optional(z.unknown());

/** Each switchable extension on (true) or off (false); a missing one stays as it is. */
export const extensionsSettingsSchema = form({
  ...(Object.fromEntries(switchableExtensions.map((n) => [n, flag])) as Record<SwitchableExtension, typeof flag>),
  ...(Object.fromEntries(exclusiveExtensions.map((n) => [n, refused])) as Record<ExclusiveExtension, typeof refused>),
});

export type GeneralSettingsInput = z.output<typeof generalSettingsSchema>;
export type GeneralSettingsForm = z.input<typeof generalSettingsSchema>;
export type ExtensionsSettingsInput = z.output<typeof extensionsSettingsSchema>;
