import * as z from 'zod/mini';
import { field, form, pageField } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength } from '../validation/rules';

// Shared by the root users page (its URL query) and the root users API: no server imports.

export const USER_STATES = ['all', 'unconfirmed', 'confirmed', 'disabled'] as const;
export type UserStateFilter = (typeof USER_STATES)[number];
/** What a user's badge says: disabled outranks the confirmation state it keeps underneath. */
export type UserState = Exclude<UserStateFilter, 'all'>;

export const USERS_PAGE_SIZE = 25;

/** GET /api/root/users: every value arrives as text, and an absent one takes its default. */
export const userListQuerySchema = form({
  q: field([maxLength(100)]),
  state: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null || v === '' ? 'all' : v)),
    z.enum(USER_STATES, { error: token('invalid') }),
  ),
  page: pageField(1),
  size: pageField(USERS_PAGE_SIZE, 10, 100),
});

/** POST /api/root/users/{id}/status. */
export const userStatusSchema = form({
  disabled: z.boolean({ error: (issue) => (issue.input === undefined ? token('required') : token('invalid')) }),
});

export type UserListQuery = z.output<typeof userListQuerySchema>;
export type UserStatusInput = z.output<typeof userStatusSchema>;
