import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { profilePatchSchema } from '@/lib/profiles/schemas';
import { deleteProfile, getProfileOrThrow, updateProfile } from '@/lib/profiles/service';

export const GET = route<ProjectContext>(async (_req, ctx) => json({ profile: await getProfileOrThrow(ctx, await param(ctx, 'id')) }), {
  permissions: ['PROFILES__VIEW'],
});

export const PATCH = route<ProjectContext>(
  async (req, ctx) => {
    const profile = await updateProfile(ctx, await param(ctx, 'id'), await readJson(req, profilePatchSchema));
    return json({ profile, message: ctx.t('profilesUpdated', { name: profile.name }) });
  },
  { permissions: ['PROFILES__UPDATE'] },
);

export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    const { name } = await deleteProfile(ctx, await param(ctx, 'id'));
    return json({ message: ctx.t('profilesDeleted', { name }) });
  },
  { permissions: ['PROFILES__DELETE'] },
);
