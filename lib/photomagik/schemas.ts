import * as z from 'zod/mini';
import { field, form } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, required } from '../validation/rules';
import { PHOTOMAGIK_LIMITS as L } from './limits';

// Shared by the dashboard's forms and the route handlers: no server imports.

const invalid = { error: token('invalid') };
const uuid = z.string(invalid).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, invalid));
const optionalText = (max: number) => z._default(field([maxLength(max)], { text: 'multiline' }), '');

export const categorySchema = form({ name: field([required(), maxLength(L.nameMax)]) });
export type CategoryInput = z.output<typeof categorySchema>;

export const styleSchema = form({
  name: field([required(), maxLength(L.nameMax)]),
  promptTemplate: field([required(), maxLength(L.templateMax)], { text: 'multiline' }),
  negativePrompt: optionalText(L.negativeMax),
  categoryId: z._default(z.nullable(uuid), null),
  enabled: z._default(z.boolean(invalid), true),
});
export type StyleInput = z.output<typeof styleSchema>;

/** A new order: every id of the list, first to last. */
export const orderSchema = form({ ids: z.array(uuid, invalid).check(z.maxLength(L.stylesPerProject, invalid)) });
export type OrderInput = z.output<typeof orderSchema>;

/** Credits added (positive) or taken back (negative), with a reason for the audit log. */
export const creditsSchema = form({
  amount: z.number(token('number')).check(
    z.int(token('number')),
    z.gte(-L.grantMax, token('numberMinEq', { min: -L.grantMax })),
    z.lte(L.grantMax, token('numberMaxEq', { max: L.grantMax })),
    z.refine((n) => n !== 0, token('invalid')),
  ),
  reason: optionalText(200),
});
export type CreditsInput = z.output<typeof creditsSchema>;

export const userPatchSchema = form({ blocked: z.boolean(invalid) });

/** The public generation API's body. */
export const generateSchema = form({
  user: field([required(), maxLength(L.externalIdMax)]),
  style: field([required(), maxLength(40)]),
  prompt: field([required(), maxLength(L.promptMax)], { text: 'multiline' }),
});

export type CategoryView = { id: string; name: string; position: number; styles: number };
export type StyleView = {
  id: string;
  name: string;
  promptTemplate: string;
  negativePrompt: string;
  previewUrl: string | null;
  categoryId: string | null;
  enabled: boolean;
  position: number;
};
export type UserView = {
  id: string;
  externalId: string;
  name: string;
  credits: number;
  used: number;
  blocked: boolean;
  lastActiveAt: string | null;
};
export type GenerationView = {
  id: string;
  prompt: string;
  style: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  imageUrl: string | null;
  createdAt: string;
};
export type OverviewView = {
  timeZone: string;
  days: { day: string; done: number; failed: number }[];
  total: number;
  failed: number;
  failureRate: number;
  topStyles: { id: string | null; name: string; count: number }[];
  activeUsers: number;
};
export type KeyView = { prefix: string | null; createdAt: string | null; lastUsedAt: string | null };
