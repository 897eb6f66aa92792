import { and, eq } from 'drizzle-orm';
import { membershipProfiles, memberships, profiles } from '@/lib/projects/tables';
import type { MatrixCase } from '../world';

/** The user's projects and the picker's switch: signed-in only, no project needed. */
export const cases: MatrixCase[] = [
  { file: 'auth/projects/route.ts', method: 'POST', request: async () => ({ path: '/api/auth/projects' }) },
  {
    file: 'auth/changeProfile/route.ts',
    method: 'POST',
    // In A the caller is made to hold a new profile; in B the profile exists but is not theirs (404).
    // No refreshToken in the body: the route takes the cookie's, as for the browser.
    request: async (w, name, caller) => {
      const projectId = w.project[name].id;
      const [profile] = await w.db
        .insert(profiles)
        .values({ projectId, name: `Picked ${crypto.randomUUID().slice(0, 8)}` })
        .returning({ id: profiles.id });
      if (name === 'A') {
        const [existing] = await w.db
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, caller.userId)));
        const membershipId =
          existing?.id ?? (await w.db.insert(memberships).values({ projectId, userId: caller.userId }).returning({ id: memberships.id }))[0].id;
        await w.db.insert(membershipProfiles).values({ membershipId, profileId: profile.id });
      }
      return { path: '/api/auth/changeProfile', json: { projectId, projectProfileId: profile.id } };
    },
    scoped: true,
  },
];
