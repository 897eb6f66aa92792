// The socket events of the image tool, shared by the publisher and the browser.

export const PHOTOMAGIK_EVENTS = { preview: 'photomagik:preview' } as const;
export type PreviewEvent = { projectId: string; styleId: string; status: 'done' | 'failed' };
