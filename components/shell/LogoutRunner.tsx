'use client';

import { useEffect, useState } from 'react';

/** Ends the session on the server, then leaves for the home page. */
export function LogoutRunner({ title, failed }: { title: string; failed: string }) {
  const [error, setError] = useState(false);
  useEffect(() => {
    fetch('/api/auth/logout', { method: 'POST' })
      .then((res) => (res.ok ? location.replace('/') : setError(true)))
      .catch(() => setError(true));
  }, []);
  return <p role="status">{error ? failed : title}</p>;
}
