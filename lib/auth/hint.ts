/**
 * A readable "signed in" hint beside the HttpOnly AUTH cookie: public pages are cached for
 * everyone, so they cannot know who is looking; their header reads this in the browser to
 * offer the way to the dashboard. It carries no identity and grants nothing: the AUTH
 * cookie alone authenticates, and the hint is set and cleared with it.
 */
export const SIGNED_IN_COOKIE = 'SIGNED_IN';

/**
 * Set by the server on a page request whose session ended since its token was issued
 * (signed out elsewhere, expired, user disabled): the guard then sends the visitor to log
 * in with a word on why, rather than as if they had never signed in.
 */
export const SESSION_ENDED_HEADER = 'x-session-ended';

/**
 * The same, kept for a short while in a cookie (HttpOnly) when the server had to clear the
 * AUTH cookie: the page request that found out may be a prefetch, and the visitor's own
 * navigation that follows must still be told.
 */
export const SESSION_ENDED_COOKIE = 'SESSION_ENDED';
export const SESSION_ENDED_SECONDS = 120;

/** The login page's query flag for the same: `/login?redir=…&ended=1`. */
export const ENDED_PARAM = 'ended';
