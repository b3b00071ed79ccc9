/**
 * DOMPurify's own script-running payloads, kept in the repository with their source and licence
 * (tests/fixtures/xss/README.md) and bundled into the test files at build time.
 */
import vectors from '../fixtures/xss/dompurify-vectors.json';

export interface XssVector {
  title: string;
  payload: string;
}

if (!Array.isArray(vectors) || vectors.length === 0 || vectors.some((v) => typeof v?.payload !== 'string')) {
  throw new Error('tests/fixtures/xss/dompurify-vectors.json is empty or not a list of {title, payload}');
}

export const xssVectors: readonly XssVector[] = vectors;

declare global {
  interface Window {
    __xss?: string[];
  }
}

/**
 * Redirects alert/confirm/prompt/print to a marker; returns what ran and a restore().
 * Payloads also commonly call `alert(document.domain)` etc.
 */
export function trapXss(): { ran: () => string[]; restore: () => void } {
  const names = ['alert', 'confirm', 'prompt', 'print'] as const;
  const originals = names.map((n) => window[n]);
  window.__xss = [];
  for (const n of names) {
    (window as unknown as Record<string, unknown>)[n] = (...args: unknown[]) => {
      window.__xss!.push(`${n}(${args.map(String).join(',')})`);
      return n === 'confirm' ? false : undefined;
    };
  }
  return {
    ran: () => [...(window.__xss ?? [])],
    restore: () => names.forEach((n, i) => ((window as unknown as Record<string, unknown>)[n] = originals[i])),
  };
}
