export const THEME_COOKIE = 'theme';
export const THEME_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
export const defaultTheme: Theme = 'light';

/** Any stored value other than a known theme falls back to the default. */
export function parseTheme(value: string | null | undefined): Theme {
  return (themes as readonly string[]).includes(value ?? '') ? (value as Theme) : defaultTheme;
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/**
 * Runs in <head> before first paint so the page never flashes the wrong theme.
 * Its text is hashed into the Content-Security-Policy, so it must stay static.
 */
export const themeBootScript = `(function(){try{var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=([^;]*)/);var t=m?m[1]:'';if(${JSON.stringify(themes)}.indexOf(t)<0)t=${JSON.stringify(defaultTheme)};var d=document.documentElement;d.classList.toggle('dark',t==='dark');d.style.colorScheme=t}catch(e){}})()`;
