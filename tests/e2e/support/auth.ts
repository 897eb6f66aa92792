import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { AccessClaims } from '../../../lib/auth/claims';
import { AUTH_COOKIE, encodeAuthCookie, type AuthTokens } from '../../../lib/auth/cookie';
import { signAccessToken } from '../../../lib/auth/tokens';

type Session = { sessionId: string; tokens: AuthTokens };
type Profile = 'Owner' | 'Manager' | 'Support' | 'Guest' | 'Visitor';
type Person = Session & { email: string; userId: string; projectId: string; profileId: string; profile: string };
export const fixture: { rootId: string; rootSession: Session; refreshSession: Session; keptSession: Session; people: Person[] } = JSON.parse(
  readFileSync(path.join(process.env.E2E_DATA_DIR!, 'e2e-fixture.json'), 'utf8'),
);

export function person(profile: Profile): Person {
  return fixture.people.find((p) => p.profile === profile)!;
}

/**
 * Signs a browser in on a session the fixture created, with an access token minted by the
 * server's own signing code (so a test can choose its claims or its expiry).
 */
export async function signIn(
  context: BrowserContext,
  claims: Partial<AccessClaims> & { sub: string; sid: string },
  baseURL: string,
  options: { refreshToken?: string; ttlSeconds?: number } = {},
) {
  const accessToken = await signAccessToken({ root: false, prr: false, perms: [], ...claims }, options.ttlSeconds);
  await context.addCookies([{ name: AUTH_COOKIE, value: encodeAuthCookie({ accessToken, refreshToken: options.refreshToken ?? 'none' }), url: baseURL }]);
}

export async function signInAs(context: BrowserContext, profile: Profile, baseURL: string, perms: string[] = []) {
  const p = person(profile);
  await signIn(context, { sub: p.userId, sid: p.sessionId, pid: p.projectId, ppid: p.profileId, prr: profile === 'Owner', perms }, baseURL, {
    refreshToken: p.tokens.refreshToken,
  });
}

export async function signInAsRoot(context: BrowserContext, baseURL: string) {
  await signIn(context, { sub: fixture.rootId, sid: fixture.rootSession.sessionId, root: true }, baseURL, {
    refreshToken: fixture.rootSession.tokens.refreshToken,
  });
}
