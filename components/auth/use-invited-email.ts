'use client';

import { useEffect } from 'react';

/** The link's `email` query value, when it looks like an address. */
export function invitedEmail(search: string): string | null {
  const email = new URLSearchParams(search).get('email')?.trim() ?? '';
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

/**
 * An invitation sends people to register (or sign in) with `?email=` beside its `redir`:
 * the address the invitation was sent to fills the empty field, so the account made is
 * the one the invitation can be accepted with. Read in the browser, so the page stays cached.
 */
export function useInvitedEmail(form: { getValues: (name: 'email') => string; setValue: (name: 'email', value: string) => void }) {
  useEffect(() => {
    const email = invitedEmail(location.search);
    if (email && !form.getValues('email')) form.setValue('email', email);
  }, [form]);
}
