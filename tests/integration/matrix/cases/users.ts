import { randomBytes } from 'node:crypto';
import { hashToken } from '@/lib/auth/refresh-token';
import { membershipProfiles, memberships, profiles } from '@/lib/projects/tables';
import { invitations } from '@/lib/users/invitation-tables';
import { INVITATION_TTL_MS } from '@/lib/users/invitations';
import { users } from '@/lib/users/tables';
import type { MatrixCase, ProjectName, World } from '../world';

let n = 0;
const unique = () => `${Date.now().toString(36)}-${(n += 1)}`;

/** A profile with no permissions: anyone may hand it out, and a member holding it is within anyone's reach. */
async function plainProfile(w: World, project: ProjectName): Promise<string> {
  const [row] = await w.db
    .insert(profiles)
    .values({ projectId: w.project[project].id, name: `Matrix plain ${unique()}` })
    .returning({ id: profiles.id });
  return row.id;
}

/** A member of the project holding only a plain profile: never its last owner. */
async function plainMember(w: World, project: ProjectName): Promise<string> {
  const [user] = await w.db
    .insert(users)
    .values({ email: `matrix-target-${unique()}@example.test`, name: 'Matrix Target', status: 1 })
    .returning({ id: users.id });
  const [membership] = await w.db.insert(memberships).values({ projectId: w.project[project].id, userId: user.id }).returning({ id: memberships.id });
  await w.db.insert(membershipProfiles).values({ membershipId: membership.id, profileId: await plainProfile(w, project) });
  return membership.id;
}

/** A pending invitation of the project to `email`, with the token its link would carry. */
async function pendingInvitation(w: World, project: ProjectName, email = `matrix-invitee-${unique()}@example.test`) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await w.db
    .insert(invitations)
    .values({
      projectId: w.project[project].id,
      email,
      profileIds: [await plainProfile(w, project)],
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    })
    .returning({ id: invitations.id });
  return { id: row.id, token };
}

const member = (id: string) => ({ path: `/api/users/${id}`, params: { id } });
const invitation = (id: string) => ({ path: `/api/users/invitations/${id}`, params: { id } });

export const cases: MatrixCase[] = [
  { file: 'users/route.ts', method: 'GET', request: async () => ({ path: '/api/users' }) },
  { file: 'users/[id]/route.ts', method: 'PATCH', scoped: true, request: async (w, p) => ({ ...member(await plainMember(w, p)), json: { status: 0 } }) },
  { file: 'users/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => member(await plainMember(w, p)) },
  {
    file: 'users/invitations/route.ts',
    method: 'POST',
    ok: 201,
    // Another project's profile in the body is refused like any other project's id.
    scoped: true,
    request: async (w, p) => ({
      path: '/api/users/invitations',
      json: { email: `matrix-invitee-${unique()}@example.test`, profileIds: [await plainProfile(w, p)] },
    }),
  },
  { file: 'users/invitations/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => invitation((await pendingInvitation(w, p)).id) },
  {
    file: 'users/invitations/accept/route.ts',
    method: 'POST',
    // Signed in is enough: the invitation names the caller's own address.
    request: async (w, p, caller) => ({ path: '/api/users/invitations/accept', json: { token: (await pendingInvitation(w, p, caller.email)).token } }),
  },
];
