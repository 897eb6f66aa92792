'use client';

import { useEffect, useState } from 'react';

/**
 * The `token` of an emailed link, put into the form's `token` field. It is read in the
 * browser so the page itself stays the same for everyone (and cacheable). Undefined until
 * mounted, null when the link has none.
 */
export function useLinkToken(form: { setValue: (name: 'token', value: string) => void }): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const found = new URLSearchParams(location.search).get('token') || null;
    setToken(found);
    if (found) form.setValue('token', found);
  }, [form]);
  return token;
}
