import { encodeAuthCookie } from '@/lib/auth/cookie';
import { createSession, setSessionPair } from '@/lib/auth/sessions';
import type { Db } from '@/lib/db/client';
import { seed, type Login } from '@/lib/db/seed';
import { resetEnv } from '@/lib/env';
import { testDb } from './db';
import { Client } from './http';

/** A migrated, seeded database with the settings the auth tests rely on. */
export async function accountsDb() {
  process.env.AUTH_SECRET = 'integration-secret-integration-secret-0123';
  process.env.CAPTCHA_COST = '1000';
  delete process.env.SMTP_URL;
  resetEnv();
  const db = await testDb();
  const logins = await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: true });
  const login = (note: string): Login => logins.find((l) => l.note === note)!;
  return { ...db, logins, login };
}

let ipCounter = 1;
/** A fresh client address, so one test's rate limits never bleed into another's. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/**
 * A browser signed in as the user, as right after a login: a new session (connected to the
 * user's earliest membership, or to `pair` when given) and its AUTH cookie.
 */
export async function signedInClient(db: Db, userId: string, options: { ip?: string; pair?: { projectId: string; profileId: string } } = {}) {
  const session = await createSession(db, userId, { userAgent: 'test', ip: '127.0.0.1' });
  const tokens = options.pair ? (await setSessionPair(db, session.sessionId, userId, options.pair))! : session.tokens;
  const client = new Client(options.ip ?? nextIp());
  client.cookie = encodeAuthCookie(tokens);
  return { client, sessionId: session.sessionId, tokens };
}
