import { atom } from 'jotai';

/** Remembers the tablet sidebar folded to icons; a cookie so the server renders the right width (no jump on load). */
export const SIDEBAR_COOKIE = 'sidebar';
export const SIDEBAR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Reads the cookie's value: only "icons" folds it; anything else (absent, tampered) is the full sidebar. */
export function parseSidebarCookie(value: string | undefined | null): boolean {
  return value === 'icons';
}

export function sidebarCookieValue(collapsed: boolean): string {
  return collapsed ? 'icons' : 'full';
}

/**
 * Folded to icons or not. The layout seeds it from the cookie (useHydrateAtoms) and the
 * toggle writes both the atom and the cookie. It only takes effect between 960 and 1279 px
 * (the `md` to `lg` breakpoints): below, the sidebar is a drawer; above, there is room.
 */
export const sidebarCollapsedAtom = atom(false);
