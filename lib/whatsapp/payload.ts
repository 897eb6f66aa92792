// The parts of Meta's webhook payload this module reads. Everything is optional: the body
// is read before anything trusts it, and unknown shapes are skipped, not refused.

export type InboundMedia = { id?: string; mime_type?: string; caption?: string; filename?: string };
export type InboundMessage = {
  id?: string;
  from?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  image?: InboundMedia;
  document?: InboundMedia;
  audio?: InboundMedia;
  video?: InboundMedia;
  sticker?: InboundMedia;
};
export type InboundStatus = {
  id?: string;
  status?: string;
  timestamp?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};
export type ChangeValue = {
  metadata?: { phone_number_id?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: InboundMessage[];
  statuses?: InboundStatus[];
};
export type Delivery = { object?: string; entry?: { changes?: { field?: string; value?: ChangeValue }[] }[] };

/** Each `messages` change with the phone number it was sent to. */
export function changesOf(delivery: unknown): { phoneNumberId: string; value: ChangeValue }[] {
  const entries = (delivery as Delivery | null)?.entry;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) =>
    (Array.isArray(entry?.changes) ? entry.changes : [])
      .filter((c) => c?.field === 'messages' && typeof c.value?.metadata?.phone_number_id === 'string')
      .map((c) => ({ phoneNumberId: c.value!.metadata!.phone_number_id!, value: c.value! })),
  );
}

const MEDIA_KINDS = ['image', 'document', 'audio', 'video', 'sticker'] as const;

/** The message's media, if it carries one. */
export function mediaOf(message: InboundMessage): (InboundMedia & { kind: string }) | null {
  for (const kind of MEDIA_KINDS) {
    const media = message[kind];
    if (media?.id) return { ...media, kind };
  }
  return null;
}

/** What the chat shows: the text, a media caption, or the kind in brackets. */
export function textOf(message: InboundMessage): string {
  if (message.text?.body) return message.text.body;
  const media = mediaOf(message);
  if (media?.caption) return media.caption;
  return media ? '' : `[${message.type ?? 'message'}]`;
}

/** Meta's timestamps are Unix seconds as text. */
export function timeOf(value: string | undefined): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}
