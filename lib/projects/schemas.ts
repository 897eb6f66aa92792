import * as z from 'zod/mini';
import { field, form, uuidField } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, minLength, pattern, required, type Rule } from '../validation/rules';
import { PROJECT_KEY_MAX, PROJECT_KEY_MIN } from './limits';

// Shared by the request form (through zodResolver) and the route handlers: no server imports.

export * from './limits';

// Lower-case letters, digits and inner hyphens: the key goes into public URLs.
const KEY_SHAPE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

function keyShape(): Rule<'projectKey'> {
  return { kind: 'projectKey', test: (v) => (KEY_SHAPE.test(String(v)) ? undefined : token('pattern.projectKey')) };
}

/** A project's short key, `[a-z0-9-]{3,32}` without a hyphen at either end; input is lower-cased. */
export const projectKeySchema = field([required(), minLength(PROJECT_KEY_MIN), maxLength(PROJECT_KEY_MAX), keyShape()], { lowercase: true });

export const requestProjectSchema = form({
  name: field([required(), pattern('productName'), minLength(2), maxLength(80)]),
  key: projectKeySchema,
  description: field([pattern('multilineText'), maxLength(2000)], { text: 'multiline' }),
});

/** GET /api/requestProject/key?key=… */
export const projectKeyQuerySchema = form({ key: projectKeySchema });

export type RequestProjectInput = z.output<typeof requestProjectSchema>;

/**
 * A key suggested from the project's name: accents dropped, anything else between words
 * becomes one hyphen, cut to the maximum length. May still be too short to be valid.
 */
export function suggestKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, PROJECT_KEY_MAX)
    .replace(/-+$/, '');
}

/** Root's review: POST /api/auth/projects/updateStatus (SPEC.md section 7). `root` is accepted as sent. */
export const updateStatusSchema = form({
  projectId: uuidField(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: token('invalid') }),
  root: z.optional(z.boolean({ error: token('invalid') })),
});
