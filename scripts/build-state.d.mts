export const STAMP: string;
export const SERVER_ENTRY: string;
export function sourceHash(root?: string): string;
export function buildIsCurrent(root?: string): boolean;
