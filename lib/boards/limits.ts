// The boards' limits, without the schemas, for the forms to show before they validate.
export const BOARD_NAME_MAX = 80;
export const COLUMN_NAME_MAX = 60;
export const LABEL_NAME_MAX = 40;
export const CARD_TITLE_MAX = 200;
export const CARD_DESCRIPTION_MAX = 20_000;
export const COMMENT_MAX = 4_000;
export const CHECKLIST_MAX = 50;
export const CHECKLIST_TEXT_MAX = 200;
export const ASSIGNEES_MAX = 20;
export const LABELS_MAX = 20;
export const WIP_LIMIT_MAX = 999;
/** Per board: keeps one board's page and its events bounded. */
export const BOARD_COLUMNS_MAX = 30;
export const BOARD_LABELS_MAX = 40;
export const BOARD_CARDS_MAX = 5_000;
export const BOARDS_MAX = 100;
/** Files on one card, and bytes per file. */
export const CARD_FILES_MAX = 20;
export const CARD_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The file types a browser shows inline: served as images and offered as a card's cover. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const isImageType = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type);
/** Cards one bulk action changes at once: bounds the transaction and the events it publishes. */
export const BULK_CARDS_MAX = 200;
/** "My cards" on the boards page: the viewer's live cards, past their due day or due within the week. */
export const MY_CARDS_DUE = ['overdue', 'week'] as const;
export type MyCardsDue = (typeof MY_CARDS_DUE)[number];
/** How many of them the page lists at once. */
export const MY_CARDS_MAX = 200;
