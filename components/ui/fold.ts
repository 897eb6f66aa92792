/** Lower case without accents, so "sofia" finds "Sofía" and "bolivar" finds "Bolívar". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
