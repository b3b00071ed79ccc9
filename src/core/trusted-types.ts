/**
 * The package's one Trusted Types policy, `tumblelog-elements`. On a page whose CSP says
 * `require-trusted-types-for 'script'`, an HTML sink (innerHTML, DOMParser …) takes only a
 * TrustedHTML, and a script's `src` only a TrustedScriptURL; a page that allows our policy
 * (`trusted-types tumblelog-elements`) lets the elements render server HTML, and nothing else.
 *
 * The policy signs only while `sign()` runs: the sanitiser signs what DOMPurify returns (and the
 * markup DOMPurify parses inertly on the way), the ad loader one checked script address. Called at
 * any other time — by page code that found the policy — it refuses, so the policy is no bypass.
 *
 * Created once per page, on first use, and kept on a global symbol: a second copy of the package on
 * the same page (two bundles, a theme and the site) uses the same policy instead of failing to
 * create a second one with the same name.
 */

/** HTML a sink may take: TrustedHTML where the browser has Trusted Types, else the sanitised string. */
export type SafeHtml = TrustedHTML | string;

export const TRUSTED_TYPES_POLICY_NAME = 'tumblelog-elements';

interface Policy {
  createHTML(input: string): TrustedHTML;
  createScriptURL(input: string): unknown;
}

interface Shared {
  policy: Policy | null;
  /** Runs `fn` with the policy willing to sign. */
  sign<T>(fn: () => T): T;
}

interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string; createScriptURL(input: string): string }): Policy;
}

const SHARED = Symbol.for('tumblelog-elements.trusted-types');

function createShared(): Shared {
  let signing = 0;
  const allowed = (input: string): string => {
    if (signing === 0) throw new TypeError(`The ${TRUSTED_TYPES_POLICY_NAME} policy signs only its own sanitiser's output`);
    return input;
  };
  const factory = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
  let policy: Policy | null = null;
  if (factory && typeof factory.createPolicy === 'function') {
    try {
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY_NAME, { createHTML: allowed, createScriptURL: allowed });
    } catch (error) {
      // The page's CSP lists policies and not ours: server HTML cannot render; say how to allow it.
      console.warn(
        `[tumblelog] Trusted Types: this page's CSP does not allow the policy "${TRUSTED_TYPES_POLICY_NAME}"; add it to the trusted-types directive, or server HTML (blog descriptions, posts) will not render.`,
        error,
      );
    }
  }
  return {
    policy,
    sign(fn) {
      signing++;
      try {
        return fn();
      } finally {
        signing--;
      }
    },
  };
}

function shared(): Shared {
  const holder = globalThis as unknown as Record<symbol, Shared | undefined>;
  return (holder[SHARED] ??= createShared());
}

/**
 * The policy, for DOMPurify's `TRUSTED_TYPES_POLICY`, or null where the browser has no Trusted
 * Types (DOMPurify then returns strings). Use only inside `signing()`.
 */
export function trustedTypesPolicy(): Policy | null {
  return shared().policy;
}

/** Runs `fn` (a sanitiser call) with the policy willing to sign. */
export function signing<T>(fn: () => T): T {
  return shared().sign(fn);
}

/**
 * A script address for `script.src`: an http(s) URL (resolved against the page), signed where the
 * browser has Trusted Types; null for anything else (`javascript:`, `data:` …).
 */
export function trustedScriptUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, document.baseURI);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const { policy } = shared();
  // A TrustedScriptURL stringifies to its address; typed as the string a script's src takes.
  return policy ? (signing(() => policy.createScriptURL(parsed.href)) as string) : parsed.href;
}
