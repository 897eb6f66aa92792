// The unread total in the tab's title (issue 6): "(3) Chats · Atrio".
const PREFIX = /^\(\d+\+?\) /;

/** The title without our unread prefix. */
export function plainTitle(title: string): string {
  return title.replace(PREFIX, '');
}

/** `title` with the unread prefix while `unread` > 0; the plain title at 0. */
export function withUnread(title: string, unread: number): string {
  const plain = plainTitle(title);
  // Like every badge: counts stop at 99+ (see UNREAD_CAP).
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${plain}` : plain;
}

/** Puts the prefix the document's title should have; no write when it already has it. */
export function showUnread(doc: Document, unread: number): void {
  const wanted = withUnread(doc.title, unread);
  if (doc.title !== wanted) doc.title = wanted;
}
