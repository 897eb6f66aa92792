import type { ProfileGrant } from '../access/check';
import type { Db } from '../db/client';
import { listInvitations, type PendingInvitation } from './invitations';
import { listMembers, profileOptions, type MemberView, type ProfileOption } from './members';

/** What the members page shows: members, pending invitations, and the profiles the viewer may hand out. */
export type UsersOverview = { members: MemberView[]; invitations: PendingInvitation[]; profiles: ProfileOption[] };

/** The members page's data, for its first render and for `GET /api/users` alike. */
export async function usersOverview(db: Db, projectId: string, actor: ProfileGrant): Promise<UsersOverview> {
  const [members, invitations, profiles] = await Promise.all([
    listMembers(db, projectId),
    listInvitations(db, projectId),
    profileOptions(db, projectId, actor),
  ]);
  return { members, invitations, profiles };
}
