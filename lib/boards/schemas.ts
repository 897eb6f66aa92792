import * as z from 'zod/mini';
import { field, form, numberField, uuidField } from '../validation/field';
import { token } from '../validation/messages';
import { between, maxLength, pattern, required } from '../validation/rules';
import {
  ASSIGNEES_MAX,
  BOARD_NAME_MAX,
  CARD_DESCRIPTION_MAX,
  CARD_TITLE_MAX,
  CHECKLIST_MAX,
  CHECKLIST_TEXT_MAX,
  COLUMN_NAME_MAX,
  COMMENT_MAX,
  LABEL_NAME_MAX,
  LABELS_MAX,
  MY_CARDS_DUE,
  WIP_LIMIT_MAX,
  BULK_CARDS_MAX,
} from './limits';
import { BOARD_TEMPLATE_IDS } from './templates';

// Shared by the boards' forms (through zodResolver) and the route handlers: no server imports.

export * from './limits';

const invalid = { error: token('invalid') };
const bool = () => z.boolean(invalid);
const ids = (max: number) =>
  z.pipe(
    z.array(uuidField(), invalid).check(z.maxLength(max, invalid)),
    z.transform((list: string[]) => [...new Set(list)]),
  );
/** An optional neighbour: null or absent means "at the start". */
const afterId = z.optional(z.nullable(uuidField()));

const boardName = field([required(), maxLength(BOARD_NAME_MAX)]);
export const boardSchema = form({ name: boardName });
/** A new board: its name and the starting set of columns and labels (none: blank). */
export const boardCreateSchema = form({ name: boardName, template: z.optional(z.enum(BOARD_TEMPLATE_IDS, invalid)) });

const columnName = field([required(), maxLength(COLUMN_NAME_MAX)]);
const wipLimit = z.optional(z.nullable(numberField([between(1, WIP_LIMIT_MAX)])));
export const columnSchema = form({ name: columnName, wipLimit, wipHard: z.optional(bool()) });
/** Any of: rename, limit, archive (or restore), or a move after another column. */
export const columnPatchSchema = form({
  name: z.optional(columnName),
  wipLimit,
  wipHard: z.optional(bool()),
  archived: z.optional(bool()),
  afterId,
});

const labelName = field([required(), maxLength(LABEL_NAME_MAX)]);
const color = field([required(), pattern('hexcolor')]);
export const labelSchema = form({ name: labelName, color });
export const labelPatchSchema = form({ name: z.optional(labelName), color: z.optional(color) });

const title = field([required(), maxLength(CARD_TITLE_MAX)]);
const description = field([maxLength(CARD_DESCRIPTION_MAX)], { text: 'multiline', trim: false });
const dueOn = z.optional(z.nullable(field([pattern('dateYmd')])));
const checklistItem = form({
  id: z.optional(uuidField()),
  text: field([required(), maxLength(CHECKLIST_TEXT_MAX)]),
  done: z._default(bool(), false),
});
const checklist = z.array(checklistItem, invalid).check(z.maxLength(CHECKLIST_MAX, { error: token('stringMax', { max: CHECKLIST_MAX }) }));

export const cardSchema = form({ columnId: uuidField(), title, description: z.optional(description) });
/** Only the fields present change; `archived` archives or restores. */
export const cardPatchSchema = form({
  title: z.optional(title),
  description: z.optional(description),
  assigneeIds: z.optional(ids(ASSIGNEES_MAX)),
  labelIds: z.optional(ids(LABELS_MAX)),
  dueOn,
  checklist: z.optional(checklist),
  archived: z.optional(bool()),
  /** One of the card's image files as its cover; null: no cover at all. */
  coverId: z.optional(z.nullable(uuidField())),
});
/**
 * A swimlane move: the card leaves the lane of `from` (an assignee or a label; null: the
 * lane of cards with none) for the lane of `to` (null: it keeps none at all).
 */
const laneMove = form({ by: z.enum(['assignee', 'label'], invalid), from: z.nullable(uuidField()), to: z.nullable(uuidField()) });
/** Into `columnId`, right after `afterId` (absent or null: at the top), and into another swimlane. */
export const cardMoveSchema = form({ columnId: uuidField(), afterId, lane: z.optional(laneMove) });

const cardIds = z.pipe(
  z.array(uuidField(), invalid).check(z.minLength(1, invalid), z.maxLength(BULK_CARDS_MAX, invalid)),
  z.transform((list: string[]) => [...new Set(list)]),
);
/** One action on many cards of a board: all of them change, or none. */
export const cardBulkSchema = z.discriminatedUnion(
  'action',
  [
    form({ action: z.literal('move'), cardIds, columnId: uuidField() }),
    // A member added to each card's assignees; null: every assignee taken off.
    form({ action: z.literal('assign'), cardIds, userId: z.nullable(uuidField()) }),
    form({ action: z.literal('addLabel'), cardIds, labelId: uuidField() }),
    form({ action: z.literal('removeLabel'), cardIds, labelId: uuidField() }),
    form({ action: z.literal('archive'), cardIds }),
  ],
  invalid,
);
export const commentSchema = form({ body: field([required(), maxLength(COMMENT_MAX)], { text: 'multiline' }) });

/** The `json` part of a card's file upload: nothing in it yet, but present, as every multipart form sends it. */
export const attachmentsSchema = form({});

export type BoardInput = z.output<typeof boardSchema>;
export type ColumnInput = z.output<typeof columnSchema>;
export type ColumnPatch = z.output<typeof columnPatchSchema>;
export type LabelInput = z.output<typeof labelSchema>;
export type LabelPatch = z.output<typeof labelPatchSchema>;
export type CardInput = z.output<typeof cardSchema>;
export type CardPatch = z.output<typeof cardPatchSchema>;
export type CardMove = z.output<typeof cardMoveSchema>;
export type LaneMove = z.output<typeof laneMove>;
export type CardBulk = z.output<typeof cardBulkSchema>;
export type BoardCreateInput = z.output<typeof boardCreateSchema>;
export type CommentInput = z.output<typeof commentSchema>;

/** The boards page's query: `?view=mine` lists the viewer's cards, `due` narrows them (the dashboard home's figures). */
export const boardsPageQuerySchema = form({
  view: z.optional(z.enum(['mine', ''], invalid)),
  due: z.optional(z.enum([...MY_CARDS_DUE, ''], invalid)),
});
