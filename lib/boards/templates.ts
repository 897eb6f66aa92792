// The starting sets a new board may begin with: columns and labels, named in the creator's
// language when the board is made (the names are the board's data from then on, edited like
// any other). Plain data, so the dialog can preview a set and the server create it.

type TemplateColumn = { key: string; wipLimit?: number };
type TemplateLabel = { key: string; color: string };
type Template = { columns: readonly TemplateColumn[]; labels: readonly TemplateLabel[] };

export const BOARD_TEMPLATES = {
  blank: { columns: [], labels: [] },
  kanban: { columns: [{ key: 'todo' }, { key: 'doing' }, { key: 'done' }], labels: [] },
  bugs: {
    columns: [{ key: 'reported' }, { key: 'triaged' }, { key: 'fixing', wipLimit: 5 }, { key: 'verifying' }, { key: 'closed' }],
    labels: [
      { key: 'critical', color: '#dc2626' },
      { key: 'major', color: '#ea580c' },
      { key: 'minor', color: '#ca8a04' },
      { key: 'regression', color: '#7c3aed' },
    ],
  },
  sprint: {
    columns: [{ key: 'backlog' }, { key: 'sprint' }, { key: 'inProgress', wipLimit: 4 }, { key: 'review' }, { key: 'done' }],
    labels: [
      { key: 'feature', color: '#2563eb' },
      { key: 'bug', color: '#dc2626' },
      { key: 'chore', color: '#64748b' },
      { key: 'spike', color: '#0d9488' },
    ],
  },
} as const satisfies Record<string, Template>;

export type BoardTemplateId = keyof typeof BOARD_TEMPLATES;
export const BOARD_TEMPLATE_IDS = Object.keys(BOARD_TEMPLATES) as [BoardTemplateId, ...BoardTemplateId[]];

/** A template's columns and labels in one language: `text` reads the `boards` messages. */
export function templateContent(id: BoardTemplateId, text: (key: string) => string) {
  const template: Template = BOARD_TEMPLATES[id];
  return {
    columns: template.columns.map((c) => ({ name: text(`templates.columns.${c.key}`), wipLimit: c.wipLimit ?? null })),
    labels: template.labels.map((l) => ({ name: text(`templates.labels.${l.key}`), color: l.color })),
  };
}
