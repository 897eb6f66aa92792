import type { ChecklistItem } from './tables';

// What the boards API answers and its socket events carry: shared by server and browser.

export type BoardSummary = { id: string; name: string; columns: number; cards: number; createdAt: string };
export type ColumnView = { id: string; name: string; rank: string; wipLimit: number | null; wipHard: boolean; archived: boolean };
export type LabelView = { id: string; name: string; color: string };
export type MemberView = { id: string; name: string };
/** A card as the board shows it: enough to draw, filter and sort it. */
export type CardView = {
  id: string;
  columnId: string;
  rank: string;
  title: string;
  assigneeIds: string[];
  labelIds: string[];
  dueOn: string | null;
  checklist: { done: number; total: number };
  comments: number;
  attachments: number;
  /** The image file shown on the tile (the chosen one, else the first image), or null. */
  coverId: string | null;
  archived: boolean;
  updatedAt: string;
};
export type BoardView = { id: string; name: string; columns: ColumnView[]; labels: LabelView[]; members: MemberView[]; cards: CardView[] };

export type CommentView = { id: string; authorId: string | null; authorName: string | null; body: string; createdAt: string };
export type AttachmentView = { id: string; name: string; type: string; size: number; createdAt: string };
export type ActivityView = { id: number; actorName: string | null; kind: string; data: Record<string, unknown>; createdAt: string };
/** One card opened: the board's fields plus what only the dialog needs. */
export type CardDetail = CardView & {
  description: string;
  /** The description rendered and sanitized by the help pages' renderer. */
  descriptionHtml: string;
  checklistItems: ChecklistItem[];
  commentList: CommentView[];
  attachmentList: AttachmentView[];
  activity: ActivityView[];
};

export const BOARD_EVENTS = {
  /** A card was created, changed, moved, archived or restored: `card` is its new state. */
  card: 'board:card',
  /** Columns, labels or the board's name changed: clients refetch the board. */
  board: 'board:changed',
} as const;

export type BoardCardEvent = { projectId: string; boardId: string; card: CardView };
export type BoardChangedEvent = { projectId: string; boardId: string; deleted?: boolean };
