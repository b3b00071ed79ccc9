/** The one "is this a plain JSON object?" check every reader of a server answer starts with. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
