/** A project the viewer may open requests with. */
export type AskableProject = { id: string; key: string; name: string };
