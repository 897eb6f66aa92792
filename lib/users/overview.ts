import type { ProfileGrant } from '../access/check';
import type { Db } from '../db/client';
import { listInvitations, type PendingInvitation } from './invitations';
import { MEMBERS_PAGE_SIZE, type MemberListQuery } from './member-schemas';
import { countMembers, listMembers, profileOptions, type MemberView, type ProfileOption } from './members';

/** What the members page shows: a page of members (of `total` matching), pending invitations, and the profiles the viewer may hand out. */
export type UsersOverview = {
  members: MemberView[];
  total: number;
  page: number;
  size: number;
  invitations: PendingInvitation[];
  profiles: ProfileOption[];
};

/** The members page's data, for its first render and for `GET /api/users` alike. */
export async function usersOverview(db: Db, projectId: string, actor: ProfileGrant, query: Partial<MemberListQuery> = {}): Promise<UsersOverview> {
  const page = query.page ?? 1;
  const select = { q: query.q || undefined, limit: MEMBERS_PAGE_SIZE, offset: (page - 1) * MEMBERS_PAGE_SIZE };
  const [members, total, invitations, profiles] = await Promise.all([
    listMembers(db, projectId, select),
    countMembers(db, projectId, select),
    listInvitations(db, projectId),
    profileOptions(db, projectId, actor),
  ]);
  return { members, total, page, size: MEMBERS_PAGE_SIZE, invitations, profiles };
}
