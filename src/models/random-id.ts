/**
 * A random id: tells tabs and page views apart, and names a message so the server can de-duplicate
 * it. One function for the three that need one (the tab channel, the send queue, the log).
 */
export function randomId(): string {
  const c = (globalThis as { crypto?: Partial<Crypto> }).crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // A plain-http page is not a secure context: no randomUUID there, but getRandomValues is.
  if (typeof c?.getRandomValues === 'function') {
    const bytes = c.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}
