// Bounds of what the WhatsApp API extension stores or sends; shared with the browser.

export const WHATSAPP_ID_MAX = 32;
export const WHATSAPP_SECRET_MAX = 1024;
export const WHATSAPP_TEMPLATE_NAME_MAX = 512;
export const WHATSAPP_TEMPLATE_LANGUAGE_MAX = 15;
/** Meta's customer-service window: free-form replies only this long after the contact's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Text replies: the Cloud API's own limit. */
export const WHATSAPP_TEXT_MAX = 4096;
/** Downloaded media: the same ceiling as a chat attachment. */
export const WHATSAPP_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
