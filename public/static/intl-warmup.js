// Started by signed-in pages as their HTML arrives (lib/shell/intl-warmup.ts). The first Intl
// formatter a browser process builds loads its ICU data, tens of milliseconds on a phone, and
// that load is shared by the whole process: made here, it no longer runs inside hydration.
try {
  var locale = self.name || 'en';
  new Intl.NumberFormat(locale).format(1);
  new Intl.PluralRules(locale).select(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'minute');
} catch {
  // An engine without one of these formats: nothing to warm.
}
self.close();
