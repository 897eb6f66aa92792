export const THEME_COOKIE = 'theme';
export const THEME_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
/** Only for browsers that cannot report the system preference. */
export const defaultTheme: Theme = 'light';

/**
 * Runs in <head> before first paint so the page never flashes the wrong theme. A theme the
 * user chose (the cookie) wins; without one, and for any other stored value (SPEC §4), the
 * page follows the system preference, live: the listener lives as long as the document,
 * across client-side navigations, and rereads the cookie so a later choice still wins.
 * Its text is hashed into the Content-Security-Policy, so it must stay static.
 */
export const themeBootScript = `(function(){try{var d=document.documentElement,q=window.matchMedia?window.matchMedia('(prefers-color-scheme: dark)'):null;function a(){var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=([^;]*)/),t=m?m[1]:'';if(${JSON.stringify(themes)}.indexOf(t)<0)t=q?(q.matches?'dark':'light'):${JSON.stringify(defaultTheme)};d.classList.toggle('dark',t==='dark');d.style.colorScheme=t}a();if(q&&q.addEventListener)q.addEventListener('change',a)}catch(e){}})()`;

/**
 * The boot script's rule, for pages React renders in the browser after an error (a 404
 * of an unknown path): the script in their payload never runs there.
 */
export function applyTheme(): void {
  const stored = document.cookie.match(new RegExp(`(?:^|; )${THEME_COOKIE}=([^;]*)`))?.[1];
  const chosen = themes.find((t) => t === stored);
  const theme = chosen ?? (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : defaultTheme);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}
