'use client';

import { getCookie } from 'cookies-next/client';
import { Link } from '@/components/ui/Link';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { SIGNED_IN_COOKIE } from '@/lib/auth/hint';
import { useText } from '@/lib/i18n/client';

export type AuthHrefs = { login: string; register: string; dashboard: string };

// The hint can change while a public page stays open: signing in or out in another tab (seen
// when this one is shown again) or a page brought back from the back/forward cache.
function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('pageshow', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('pageshow', onChange);
  };
}
const readHint = () => Boolean(getCookie(SIGNED_IN_COOKIE));
// Public pages are cached for everyone, so the server (and hydration) render the signed-out links.
const signedOutOnServer = () => false;

/**
 * Whether the browser holds the signed-in hint, read after hydration. It says nothing about
 * who is signed in and grants nothing: the dashboard's own guard decides.
 */
export function useSignedInHint(): boolean {
  // A client navigation re-renders with the new path, and the cookie is read again.
  usePathname();
  return useSyncExternalStore(subscribe, readHint, signedOutOnServer);
}

/** The header's account link from the sm breakpoint up: Dashboard when signed in, else Log in. */
export function HeaderAuthLink({ hrefs }: { hrefs: AuthHrefs }) {
  const t = useText('nav');
  const signedIn = useSignedInHint();
  const className = 'bg-primary hover:bg-primary-shade hidden rounded-control px-3 py-1.5 text-sm font-medium text-white sm:inline-block';
  return signedIn ? (
    <Link href={hrefs.dashboard} className={className} data-testid="dashboard-link">
      {t('dashboard')}
    </Link>
  ) : (
    <Link href={hrefs.login} className={className} data-testid="login-link">
      {t('login')}
    </Link>
  );
}

/** The mobile menu's account links: Dashboard when signed in, else Log in and Create account. */
export function MenuAuthLinks({ hrefs, onNavigate }: { hrefs: AuthHrefs; onNavigate: () => void }) {
  const t = useText('nav');
  const signedIn = useSignedInHint();
  const className = 'hover:bg-surface-2 rounded-control px-3 py-2 text-sm';
  if (signedIn) {
    return (
      <Link href={hrefs.dashboard} onClick={onNavigate} className={`${className} font-medium`} data-testid="dashboard-link">
        {t('dashboard')}
      </Link>
    );
  }
  return (
    <>
      <Link href={hrefs.login} onClick={onNavigate} className={`${className} font-medium`} data-testid="login-link">
        {t('login')}
      </Link>
      <Link href={hrefs.register} onClick={onNavigate} className={className}>
        {t('register')}
      </Link>
    </>
  );
}
