import { createHmac } from 'node:crypto';
import { dateTimeFormat } from '../format/intl';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A valid IANA zone or UTC: a project's stored zone is trusted, but never allowed to throw. */
export function safeTimeZone(timeZone: string): string {
  try {
    dateTimeFormat('en-CA', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = dateTimeFormat('en-CA', { timeZone: safeTimeZone(timeZone), year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

/**
 * Who an event counts as. A member is their user id. Anyone else is a keyed hash of
 * address and user agent that changes every local day and per project, so the stored value
 * cannot be tied to an address or followed across days or projects.
 */
export function visitorOf(e: { userId: string | null; ip: string; userAgent: string }, projectId: string, day: string, secret: string): string {
  if (e.userId) return `u:${e.userId}`;
  const hash = createHmac('sha256', secret).update(`${projectId}\n${day}\n${e.ip}\n${e.userAgent}`).digest('base64url');
  return `a:${hash.slice(0, 22)}`;
}
