import * as z from 'zod/mini';
import { isPermission } from '../access/permissions';
import { field, form } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, pattern, required } from '../validation/rules';
import { PROFILE_NAME_MAX } from './limits';

// Shared by the profile editor (through zodResolver) and the route handlers: no server imports.

export { PROFILE_NAME_MAX } from './limits';
// Far above the catalogue's size; only bounds the work a hostile body can cause.
const MAX_LISTED = 500;

const name = field([required(), pattern('productName'), maxLength(PROFILE_NAME_MAX)]);
const isRoot = z.boolean({ error: token('invalid') });

/** Names not in the catalogue make one issue that names them all. */
function knownOnly(list: string[], ctx: z.core.$RefinementCtx<string[]>) {
  const unknown = list.filter((p) => !isPermission(p));
  if (unknown.length) ctx.addIssue({ code: 'custom', message: token('unknownPermissions', { names: unknown.join(', ') }), input: list });
}

// Each name kept once, then checked against the catalogue (which ships with the editor anyway).
const permissions = z
  .pipe(
    z
      .array(z.string({ error: token('invalid') }).check(z.maxLength(120, { error: token('invalid') })), { error: token('invalid') })
      .check(z.maxLength(MAX_LISTED, { error: token('invalid') })),
    z.transform((list: string[]) => [...new Set(list)]),
  )
  .check(z.superRefine(knownOnly));

/** A new profile; `isRoot` and `permissions` default to off and none. */
export const profileSchema = form({ name, isRoot: z._default(isRoot, false), permissions: z._default(permissions, []) });

/** A change: only the fields present are touched. */
export const profilePatchSchema = form({ name: z.optional(name), isRoot: z.optional(isRoot), permissions: z.optional(permissions) });

export type ProfileInput = z.output<typeof profileSchema>;
export type ProfilePatch = z.output<typeof profilePatchSchema>;

/** One profile as the list and the editor see it. */
export type ProfileView = { id: string; name: string; isRoot: boolean; permissions: string[]; members: number };
