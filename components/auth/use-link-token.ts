'use client';

import { useEffect, useSyncExternalStore } from 'react';

const unchanging = () => () => {};
const fromAddress = () => new URLSearchParams(location.search).get('token') || null;
const notOnServer = () => undefined;

/**
 * The `token` of an emailed link, put into the form's `token` field. It is read in the
 * browser so the page itself stays the same for everyone (and cacheable). Undefined until
 * mounted, null when the link has none.
 */
export function useLinkToken(form: { setValue: (name: 'token', value: string) => void }): string | null | undefined {
  const token = useSyncExternalStore(unchanging, fromAddress, notOnServer);
  useEffect(() => {
    if (token) form.setValue('token', token);
  }, [form, token]);
  return token;
}
