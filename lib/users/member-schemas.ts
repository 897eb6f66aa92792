import * as z from 'zod/mini';
import { emailField, field, form, pageField, uuidField } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, required } from '../validation/rules';

// Shared by the members page's dialogs (through zodResolver) and the users API: no server imports.

/** A project never has this many profiles; the cap only bounds the work one request can ask for. */
const MAX_PROFILES_PER_MEMBER = 50;

const profileIds = z
  .array(uuidField(), { error: token('invalid') })
  .check(z.minLength(1, { error: token('required') }), z.maxLength(MAX_PROFILES_PER_MEMBER, { error: token('invalid') }));

export const inviteSchema = form({
  email: emailField(),
  profileIds,
});

/** 1 active, 0 deactivated by the project's staff. */
const memberStatus = z.union([z.literal(0), z.literal(1)], { error: token('invalid') });

export const updateMemberSchema = form({
  profileIds: z.optional(profileIds),
  status: z.optional(memberStatus),
}).check(z.refine((v) => v.profileIds !== undefined || v.status !== undefined, { error: token('invalid') }));

/** The change-profiles dialog: the PATCH body with profiles only. */
export const memberProfilesSchema = form({ profileIds });

export const acceptInvitationSchema = form({ token: field([required(), maxLength(200)]) });

export type InviteInput = z.output<typeof inviteSchema>;
export type UpdateMemberInput = z.output<typeof updateMemberSchema>;

/** Members on one page of the members list. */
export const MEMBERS_PAGE_SIZE = 50;

/** GET /api/users: a page of the members, searched by name or email (every value arrives as text). */
export const memberListQuerySchema = form({
  q: field([maxLength(100)]),
  page: pageField(1),
});

export type MemberListQuery = z.output<typeof memberListQuerySchema>;
