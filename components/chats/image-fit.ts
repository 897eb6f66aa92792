/** An inline image's box: its own size scaled down (never up) to fit, so the page does not jump when it loads. */
export function fitImage(width: number | undefined, height: number | undefined, maxWidth: number, maxHeight: number): { width: number; height: number } | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
