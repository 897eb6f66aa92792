'use client';

import { useEffect } from 'react';

/** Marks the document once the first page is hydrated: the preloader fades out on it, and tests wait for it. */
export function ReadyFlag() {
  useEffect(() => {
    document.documentElement.dataset.ready = '1';
  }, []);
  return null;
}

/**
 * Full-screen preloader of the signed-in pages (SPEC's "until the first page finishes"), shown
 * only while nothing useful is on screen: the server-rendered page is the first page, so once
 * its frame has painted (globals.css: `body:has(#main)`) the preloader stays out of the way,
 * even before hydration. Public pages never have it. Mounted after the first page, it is hidden.
 */
export function Preloader() {
  return (
    <div id="preloader" aria-hidden="true" data-testid="preloader">
      <div className="spinner" />
    </div>
  );
}
