// The request form's limits without the schemas: the file picker (also the chat's) shows them on first load.

export const PROJECT_KEY_MIN = 3;
export const PROJECT_KEY_MAX = 32;
/** At most this many files per request, each at most PROJECT_FILE_MAX_BYTES. */
export const PROJECT_FILES_MAX = 5;
export const PROJECT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** For the file input's `accept`: a hint to the browser's picker; the content decides. */
export const PROJECT_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.docx,.xlsx,.pptx,.txt,.csv,.md';
