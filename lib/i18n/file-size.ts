const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** SPEC.md's file sizes: steps of 1024, at most 2 decimals, in the reader's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 2 }).format(value)} ${UNITS[unit]}`;
}
