import { dateTimeFormat } from '../format/intl';
// Offsets such as "+01:00" are valid for Intl in recent engines but are not zone names
// (and PostgreSQL reads POSIX offsets with the opposite sign), so only names pass.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** True for an IANA time zone name the runtime knows, such as "Europe/Madrid" or "UTC". */
export function isTimeZone(value: string): boolean {
  if (!ZONE_NAME.test(value)) return false;
  try {
    dateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
