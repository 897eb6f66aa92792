import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { updateMemberSchema } from '@/lib/users/member-schemas';
import { removeMember, updateMember } from '@/lib/users/members';

/** Changes a member's profiles and/or status (1 active, 0 deactivated). */
export const PATCH = route<ProjectContext>(
  async (req, ctx) => {
    const id = await param(ctx, 'id');
    const input = await readJson(req, updateMemberSchema);
    const member = await updateMember(ctx, id, input);
    return json({ member, message: ctx.t('usersUpdated') });
  },
  { permissions: ['USERS__UPDATE'] },
);

/** Removes a member from the project. */
export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    await removeMember(ctx, await param(ctx, 'id'));
    return json({ message: ctx.t('usersRemoved') });
  },
  { permissions: ['USERS__DELETE'] },
);
