/** The browser's side of sharing: the device's share sheet, the clipboard, and popup windows. */
import { $session, isFlagOn } from '../../src/session/session';
import { SHARE_WINDOWS, popupFeatures, shareWindowUrl, type ShareSwitches } from './model/rules';

/**
 * Whether the device offers its own share sheet for a link (Safari, Android, Chrome on Windows,
 * ChromeOS and macOS; not Linux desktop; Firefox desktop only behind a pref). `canShare` is the
 * test the API gives; where it is missing but `share` exists (older Safari) a URL is shareable.
 */
export function canNativeShare(url: string): boolean {
  const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
  if (typeof nav.share !== 'function' || !url) return false;
  try {
    return typeof nav.canShare === 'function' ? nav.canShare({ url }) : true;
  } catch {
    return false;
  }
}

/** Hands the link to the share sheet: 'shared', 'cancelled' (the person closed the sheet) or 'failed'. */
export async function nativeShare(data: { url: string; title?: string }): Promise<'shared' | 'cancelled' | 'failed'> {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return (error as DOMException)?.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/** Copies text; false where the clipboard is missing or refused (then the caller selects it for Ctrl+C). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The keys that copy a selection here, for the "select it yourself" hint. */
export function copyShortcut(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘C' : 'Ctrl+C';
}

function screenBox() {
  const w = window as Window & { screenLeft?: number; screenTop?: number };
  return {
    left: w.screenLeft ?? window.screenX,
    top: w.screenTop ?? window.screenY,
    width: window.outerWidth || screen.width,
    height: window.outerHeight || screen.height,
  };
}

/** The page's override of a network's share page (config.share_windows), if any. */
function windowBase(network: string): string | undefined {
  const bases = $session.get().config.share_windows;
  const base = bases && typeof bases === 'object' ? (bases as Record<string, unknown>)[network] : undefined;
  return typeof base === 'string' && /^https?:\/\//.test(base) ? base : undefined;
}

/**
 * Opens a network's share page in a popup of the spec's size (Twitter 550×420, Facebook 626×436,
 * Reddit 860×600; Pinterest's URL and size come with the share data). `noopener`: the network's
 * page gets no handle on ours.
 */
export function openShareWindow(
  network: 'twitter' | 'facebook' | 'reddit' | 'pinterest',
  postUrl: string,
  pinterest?: { url: string; name: string; width: number; height: number } | null,
): void {
  let url: string;
  let size: { width: number; height: number };
  let name: string;
  if (network === 'pinterest') {
    if (!pinterest) return;
    const base = windowBase('pinterest');
    url = base ? `${base}?url=${encodeURIComponent(postUrl)}` : pinterest.url;
    size = { width: pinterest.width, height: pinterest.height };
    name = pinterest.name || 'pinterest';
  } else {
    url = shareWindowUrl(network, postUrl, '', windowBase(network));
    size = SHARE_WINDOWS[network];
    name = network;
  }
  // With noopener, window.open returns null even when it opened; a blocked popup is not detectable
  // then, so the share is recorded either way (the person can press again).
  window.open(url, `tl-share-${name}`, `${popupFeatures(size, screenBox())},noopener`);
}

/** The page's switches for the options a share may offer (the `share_embed` and `share_reddit` flags). */
export function shareSwitches(): ShareSwitches {
  return { embed: isFlagOn('share_embed'), reddit: isFlagOn('share_reddit') };
}
