import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/passwords';
import { createSession } from '@/lib/auth/sessions';
import { users } from '@/lib/users/tables';
import type { MatrixCase } from '../world';

const PASSWORD = 'Matrix-pass-1';

/** The account routes: signed-in only, no project needed. */
export const cases: MatrixCase[] = [
  { file: 'auth/session/route.ts', method: 'POST', request: async () => ({ path: '/api/auth/session' }) },
  { file: 'auth/sessions/route.ts', method: 'GET', request: async () => ({ path: '/api/auth/sessions' }) },
  {
    file: 'auth/sessions/revoke/route.ts',
    method: 'POST',
    // The caller's own other device.
    request: async (w, _p, caller) => {
      const other = await createSession(w.db, caller.userId, { userAgent: 'other device', ip: '127.0.0.2' });
      return { path: '/api/auth/sessions/revoke', json: { id: other.sessionId } };
    },
  },
  {
    file: 'auth/resendEmailConfirmation/route.ts',
    method: 'POST',
    request: async (w, _p, caller) => {
      await w.db.update(users).set({ status: -1 }).where(eq(users.id, caller.userId));
      return { path: '/api/auth/resendEmailConfirmation' };
    },
  },
  {
    file: 'auth/accountGeneral/route.ts',
    method: 'POST',
    request: async (_w, _p, caller) => {
      const form = new FormData();
      form.set('json', JSON.stringify({ name: 'Matrix Person', email: caller.email, timeZone: 'UTC' }));
      return { path: '/api/auth/accountGeneral', body: form };
    },
  },
  {
    file: 'auth/accountPassword/route.ts',
    method: 'POST',
    request: async (w, _p, caller) => {
      await w.db
        .update(users)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(users.id, caller.userId));
      return { path: '/api/auth/accountPassword', json: { currentPassword: PASSWORD, newPassword: 'Matrix-pass-2' } };
    },
  },
];
