// Limits shared by the editor, the public form and the server: no server imports.

export const INTERVIEW_TITLE_MAX = 200;
export const INTERVIEW_TEXT_MAX = 2000;
export const INTERVIEW_SLUG_MAX = 60;
export const INTERVIEWS_PER_PROJECT_MAX = 200;
export const QUESTIONS_MAX = 100;
export const QUESTION_TITLE_MAX = 300;
export const QUESTION_HELP_MAX = 1000;
export const OPTIONS_MAX = 50;
export const OPTION_MAX = 200;
export const SKIP_RULES_MAX = 20;
export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 5000;
export const HIDDEN_FIELDS_MAX = 10;
export const HIDDEN_VALUE_MAX = 500;
export const RESPONSE_CAP_MAX = 1_000_000;
/** One uploaded answer; a response holds at most one file per file question. */
export const ANSWER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const RESPONSES_PAGE_SIZE = 25;
/** How many of the newest answers the summary shows for a text question. */
export const LATEST_TEXT_ANSWERS = 5;
/** Submissions (partial saves included) per address: generous for people, tight for scripts. */
export const SUBMIT_LIMIT = { points: 60, windowSeconds: 60 * 60 };
/**
 * Posts of the form without JavaScript (which cannot run the human check) per interview, from
 * all addresses together: a script spread over many addresses fills this, not the responses.
 * Past it the no-script form is told to wait or turn JavaScript on; the enhanced form is not counted.
 */
export const UNCHECKED_LIMIT = { points: 30, windowSeconds: 60 * 60 };
/** "New" responses: complete ones of the last this many days (the home's figure, the list's filter). */
export const NEW_RESPONSES_DAYS = 7;
