/** The image tool's numbers, in one place. */
export const PHOTOMAGIK_LIMITS = {
  nameMax: 80,
  templateMax: 1000,
  negativeMax: 1000,
  promptMax: 500,
  externalIdMax: 120,
  stylesPerProject: 200,
  categoriesPerProject: 50,
  /** Credits granted (or taken) in one change, and held at most. */
  grantMax: 100_000,
  creditsMax: 1_000_000,
  imageSize: 512,
  previewSize: 256,
  /** A claimed job not finished by then (its worker died) is claimed again. */
  leaseMs: 2 * 60_000,
  maxAttempts: 3,
  pollMs: 2_000,
  historyPageSize: 20,
  usersPageSize: 50,
  overviewDays: 30,
} as const;

/** The sample the preview of every style is drawn for. */
export const PREVIEW_PROMPT = 'a lighthouse on a cliff at sunset';
export const PLACEHOLDER = '{prompt}';
