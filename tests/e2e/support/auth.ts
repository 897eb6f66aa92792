import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { AccessClaims } from '../../../lib/auth/claims';
import { AUTH_COOKIE, encodeAuthCookie } from '../../../lib/auth/cookie';
import { signAccessToken } from '../../../lib/auth/tokens';

type Person = { email: string; userId: string; projectId: string; profileId: string; profile: string };
export const fixture: { rootId: string; people: Person[] } = JSON.parse(
  readFileSync(path.join(process.env.E2E_DATA_DIR!, 'e2e-fixture.json'), 'utf8'),
);

export function person(profile: 'Owner' | 'Manager' | 'Support'): Person {
  return fixture.people.find((p) => p.profile === profile)!;
}

/** Tokens minted with the server's own signing code (logins arrive with the accounts work). */
export async function signIn(context: BrowserContext, claims: Partial<AccessClaims> & { sub: string }, baseURL: string) {
  const accessToken = await signAccessToken({ sid: 'e2e', root: false, prr: false, perms: [], ...claims });
  await context.addCookies([{ name: AUTH_COOKIE, value: encodeAuthCookie({ accessToken, refreshToken: 'e2e' }), url: baseURL }]);
}

export async function signInAs(context: BrowserContext, profile: 'Owner' | 'Manager' | 'Support', baseURL: string, perms: string[] = []) {
  const p = person(profile);
  await signIn(context, { sub: p.userId, pid: p.projectId, ppid: p.profileId, prr: profile === 'Owner', perms }, baseURL);
}
