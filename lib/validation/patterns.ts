// SPEC.md §5's patterns. Letters are Unicode letters plus combining marks (\p{L}\p{M}),
// so "José", "Zoë", "Łódź" or a decomposed "é" pass in any language.

const HOST_LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
const TLD = String.raw`(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})`;
const DOMAIN = String.raw`(?:${HOST_LABEL}\.)+${TLD}`;
const IPV4 = String.raw`(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)`;
const URL_CHAR = String.raw`[\p{L}\p{N}\-._~%!$&'()*+,;=:@]`;
const URL_BASE = String.raw`https?:\/\/(?:localhost|${DOMAIN}|${IPV4})(?::\d{1,5})?(?:\/${URL_CHAR}*)*`;
const URL_TAIL = String.raw`(?:\?(?:${URL_CHAR}|[\/?])*)?(?:#(?:${URL_CHAR}|[\/?])*)?`;

export const PATTERNS = {
  /** Letters, digits, spaces and "&", with at least one letter or digit. */
  fullName: /^(?=.*[\p{L}\p{N}])[\p{L}\p{M}\p{N} &]+$/u,
  /**
   * A person's name as people write it: fullName plus apostrophes, hyphens and periods
   * (O'Brien, Jean-Luc, Ma. José), still no markup or symbols.
   */
  personName: /^(?=.*[\p{L}\p{N}])[\p{L}\p{M}\p{N} &'’.\-]+$/u,
  /**
   * The HTML standard's valid e-mail address (what <input type=email> accepts). It allows a
   * dotless domain, which the seeded "root@localhost" needs.
   */
  email: /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
  /** 8–128 characters with a digit, a lowercase and an uppercase letter (PRODUCT.md over SPEC.md's 6). */
  password: /^(?=.*\p{Nd})(?=.*\p{Ll})(?=.*\p{Lu}).{8,128}$/su,
  productName: /^[\p{L}\p{M}\p{N} @.,\-:()[\]*!¡¿?&%/]+$/u,
  /** Letters, digits, spaces, tabs, line breaks and everyday punctuation; no emoji or control characters. */
  multilineText: /^[\p{L}\p{M}\p{N}\p{Sc} \t\r\n.,;:!¡?¿'"‘’“”«»()[\]{}@#%&*+\-–—_=/\\|~^<>°…·•]+$/u,
  /** An http(s) address without query or fragment. */
  url: new RegExp(`^${URL_BASE}$`, 'iu'),
  /** An http(s) address that may carry a query and a fragment. */
  urlWParams: new RegExp(`^${URL_BASE}${URL_TAIL}$`, 'iu'),
  alphaDash: /^[\p{L}\p{M}\p{N}_-]+$/u,
  alphaNumeric: /^[\p{L}\p{M}\p{N}]+$/u,
  /** Like alphaDash without the underscore: letters, digits and "-". */
  alphaNumericDash: /^[\p{L}\p{M}\p{N}-]+$/u,
  alpha: /^[\p{L}\p{M}]+$/u,
  /** A plain decimal number: optional sign, digits, optional "." and digits. */
  numeric: /^[+-]?\d+(?:\.\d+)?$/,
  /** YYYY-MM-DD, and the day must exist. */
  dateYmd: /^(?<y>\d{4})-(?<m>0[1-9]|1[0-2])-(?<d>0[1-9]|[12]\d|3[01])$/,
  /**
   * M/D/YYYY or MM/DD/YYYY, a space, then either a 12-hour time h:mm[:ss] followed by AM or PM
   * (any case, space optional) or a 24-hour time H:mm[:ss] without a suffix. The day must exist.
   */
  dateTimeUs:
    /^(?<m>0?[1-9]|1[0-2])\/(?<d>0?[1-9]|[12]\d|3[01])\/(?<y>\d{4}) (?:(?:0?[1-9]|1[0-2]):[0-5]\d(?::[0-5]\d)? ?[AaPp][Mm]|(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)$/,
  /** What Date#toISOString prints: YYYY-MM-DDTHH:mm:ss.sssZ. The day must exist. */
  isoDateTime: /^(?<y>\d{4})-(?<m>0[1-9]|1[0-2])-(?<d>0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/,
  /** H:MM or HH:MM on a 24-hour clock. */
  timeHi: /^(?:[01]?\d|2[0-3]):[0-5]\d$/,
  hexcolor: /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/,
  /** A host name with a top-level domain and nothing else (no scheme, port or path). */
  domainOnly: new RegExp(`^(?=.{1,253}$)${DOMAIN}$`, 'iu'),
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
} as const;

export type PatternName = keyof typeof PATTERNS;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the value matches the pattern, and for dates, names a day that exists. */
export function matchesPattern(name: PatternName, value: string): boolean {
  const match = PATTERNS[name].exec(value);
  if (!match) return false;
  const date = match.groups;
  if (!date?.y) return true;
  return Number(date.d) <= daysInMonth(Number(date.y), Number(date.m));
}
