import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { profileSchema } from '@/lib/profiles/schemas';
import { createProfile, listProfiles } from '@/lib/profiles/service';

/** The active project's profiles with their member counts. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ profiles: await listProfiles(ctx) }), { permissions: ['PROFILES__VIEW'] });

/** A new profile holding only what the caller holds. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const profile = await createProfile(ctx, await readJson(req, profileSchema));
    return json({ profile, message: ctx.t('profilesCreated', { name: profile.name }) }, { status: 201 });
  },
  { permissions: ['PROFILES__CREATE'] },
);
