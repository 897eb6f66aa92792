import { numberFormat } from './intl';
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** SPEC.md's file sizes: steps of 1024, 2 decimals past bytes, in the reader's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 2;
  return `${numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
