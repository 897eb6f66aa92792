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
 * Folded to icons or not, once the viewer has chosen on this page; null until then, when the
 * cookie the server read decides (`foldedOf`). Not seeded into the store: on the server the
 * default store is shared by every request, so a seeded value would leak between users.
 * The toggle writes both the atom and the cookie. It only takes effect between 960 and
 * 1279 px (the `md` to `lg` breakpoints): below, the sidebar is a drawer; above, there is room.
 */
export const sidebarCollapsedAtom = atom<boolean | null>(null);

/** The fold shown: the viewer's choice on this page, else what the cookie said at render. */
export function foldedOf(chosen: boolean | null, fromCookie: boolean): boolean {
  return chosen ?? fromCookie;
}
