'use client';

import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs`: "5 min ago" moves on without refetching. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
