// Month arithmetic on "YYYY-MM" strings, pure (the page and the server share it).

/** The first day of a month: "2026-05" → "2026-05-01". */
export const monthStart = (month: string) => `${month}-01`;

/** The first day of the month after: "2026-12" → "2027-01-01". */
export function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The month a calendar day falls in: "2026-05-31" → "2026-05". */
export const monthOf = (day: string) => day.slice(0, 7);
