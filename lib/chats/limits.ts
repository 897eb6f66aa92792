// The chat's limits without the schemas: the chat UI shows them on first load, the
// schemas (and zod) come when a form first validates.

export const MESSAGE_MAX = 4000;
/** A message's client key: letters, digits, "-" and "_" (a UUID fits). */
export const CLIENT_KEY_MIN = 8;
export const CLIENT_KEY_MAX = 64;
export const CHANNEL_NAME_MAX = 80;
export const TOPIC_MAX = 250;
/** Files per message (parts file_0 … file_4), each at most CHAT_FILE_MAX_BYTES. */
export const CHAT_FILES_MAX = 5;
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** For the file input's `accept`: a hint to the browser's picker; the server reads the content. */
export const CHAT_FILE_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,.pdf,.docx,.xlsx,.pptx,.txt,.csv,.md';
export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 100;
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
