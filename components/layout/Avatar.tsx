/** Up to two initials of a name ("Ada Lovelace" → "AL", "ada" → "A"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The signed-in user's face in the app bar: the uploaded image, otherwise their initials. Decorative: the button names itself. */
export function AvatarFace({ name, src }: { name: string; src: string | null }) {
  if (src) return <img src={src} alt="" width={36} height={36} className="size-9 rounded-full object-cover" data-testid="user-avatar" />;
  return <span aria-hidden="true">{initialsOf(name)}</span>;
}
