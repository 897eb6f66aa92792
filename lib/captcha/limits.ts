// Apart from the schemas so that the browser's forms can read it without the server's zod.

/** The longest code any provider hands out, with room to spare; longer input is refused unread. */
export const MAX_CAPTCHA_CODE_LENGTH = 8192;
