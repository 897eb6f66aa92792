// Bank details as root types them, checked before they reach a PDF: a wrong digit in an IBAN
// sends a project's money nowhere, and the ISO 13616 checksum catches nearly every typo.

/** Spaces and dashes are how people group an account number; they are not part of it. */
export function compactAccount(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Two letters then two digits: written as an IBAN, so it must be one. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}/.test(compactAccount(value));
}

/** ISO 13616: the country and check digits moved to the end, letters as 10–35, mod 97 is 1. */
export function ibanValid(value: string): boolean {
  const iban = compactAccount(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** An IBAN, or a domestic account number (4 to 34 letters and digits, as the bank prints it). */
export function accountValid(value: string): boolean {
  if (looksLikeIban(value)) return ibanValid(value);
  return /^[A-Z0-9]{4,34}$/.test(compactAccount(value)) && /^[A-Za-z0-9 -]+$/.test(value);
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function bicValid(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
}

/** The IBAN in groups of four, as banks print it; anything else as typed. */
export function printedAccount(value: string): string {
  return looksLikeIban(value) ? (compactAccount(value).match(/.{1,4}/g) ?? []).join(' ') : value;
}
