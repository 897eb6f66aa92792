// CSV encoding, pure so the unit tests reach it without a database.

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, or a
 * tab or carriage return before one) gets a leading apostrophe; cells with a comma, quote or
 * line break are quoted, quotes doubled. Numbers the respondent could not type freely stay as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
