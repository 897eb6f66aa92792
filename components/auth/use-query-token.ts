'use client';

import { useEffect, useState } from 'react';

/**
 * The `token` of an emailed link, read in the browser so the page itself stays the same
 * for everyone (and cacheable). Undefined until mounted, null when the link has none.
 */
export function useQueryToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(location.search).get('token') || null), []);
  return token;
}
