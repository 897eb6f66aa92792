import { readJson } from '@/lib/http/body';
import { actorOf, json, param, route } from '@/lib/http/route';
import { setUserDisabled } from '@/lib/root/user-actions';
import { userStatusSchema } from '@/lib/root/user-schemas';

/** { disabled: true } ends all the user's sessions and refuses their sign-in; false lets them in again. */
export const POST = route(
  async (req, ctx) => {
    const id = await param(ctx, 'id');
    const { disabled } = await readJson(req, userStatusSchema);
    const data = await setUserDisabled(ctx.db, actorOf(ctx), id, disabled);
    return json({ data, message: ctx.t(disabled ? 'rootUsersDisabled' : 'rootUsersEnabled', { email: data.user.email }) });
  },
  { root: true },
);
