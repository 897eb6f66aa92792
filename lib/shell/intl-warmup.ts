/**
 * An inline script for signed-in pages, placed before their content: it starts a worker that
 * builds one Intl formatter of each kind the pages use. A browser loads its ICU data on the
 * first formatter any thread of the process makes; in Chromium that took 35–105 ms of main
 * thread inside hydration on the development machine (a badge's count formatted for its
 * label), and 0.2–0.4 ms once a worker had made one. Static text, like the theme script, so
 * its hash in the Content-Security-Policy never varies; the worker is a file of the site
 * itself, which script-src 'self' allows.
 */
export const intlWarmupScript = `try{new Worker('/static/intl-warmup.js',{name:document.documentElement.lang})}catch(e){}`;
