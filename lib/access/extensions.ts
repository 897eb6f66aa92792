/** The extensions a project can switch on; `exclusive` ones only root may switch. */
export const extensions = {
  blog: { exclusive: false },
  whatsappApi: { exclusive: false },
  eventLogs: { exclusive: false },
  varket: { exclusive: true },
  photomagik: { exclusive: true },
} as const;

export type Extension = keyof typeof extensions;
export const extensionNames = Object.keys(extensions) as Extension[];
