/**
 * <peepr-drawer>: the blog preview drawer (messaging spec §2 "Blog preview drawer (peepr)", §4).
 * This file is the shell every page pays for: what opens the drawer (page elements marked
 * `data-peepr`, the page address, the request, its attributes), suspension while a form is open,
 * the address, and closing. The drawer itself (header, posts, search, keys) is Drawer.tsx, a lazy
 * chunk fetched the first time it opens.
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { answer } from '../../src/core/answer';
import { useWidget } from '../../src/core/widget-context';
import { pageInstances } from '../../src/core/page-instances';
import { $formsOpen } from '../../src/stores/forms';
import { $composer } from '../../src/stores/composer';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { CODE_LOAD_ALERT } from '../../src/errors';
import { $session } from '../../src/session/session';
import { peeprTarget, readPeeprMark, targetFromSearch, type PeeprTarget } from './model/rules';
import { isBlogName } from '../../src/models/names';
import type { DrawerProps } from './Drawer';
import { changeAddress } from '../../src/core/address';
import { $postViewer } from '../../src/stores/post-viewer';
import styles from './styles.css';
import { Events, Requests } from '../../src/core/events';
import { isPlainClick } from '../../src/core/plain-click';

export { styles };

export type PeeprDrawerProps = ContractProps<typeof contract>;

export const OPEN_REQUEST = Requests.peeprOpen;

let drawerModule: Promise<ComponentType<DrawerProps>> | null = null;
/** The drawer is its own chunk; a failed fetch may be tried again (the next open). */
function loadDrawer(): Promise<ComponentType<DrawerProps>> {
  drawerModule ??= import('./Drawer').then(
    (m) => m.Drawer,
    (error: unknown) => {
      drawerModule = null;
      throw error;
    },
  );
  return drawerModule;
}

/** The drawers on the page, in connection order: the first serves marks, the address and the request. */
const drawers = pageInstances<HTMLElement>();

export interface OpenTarget extends PeeprTarget {
  /** What opened it: focus goes back there on close. */
  trigger: HTMLElement | null;
  /** Bumped on every open, so opening the same blog again reloads it. */
  serial: number;
}

/** The page element marked for the drawer that a click went through, if any. */
function markedElement(path: readonly EventTarget[]): HTMLElement | null {
  for (const node of path) if (node instanceof HTMLElement && node.hasAttribute('data-peepr')) return node;
  return null;
}

export default function PeeprDrawer({ blogName, postId, closeUrl, shortcuts }: PeeprDrawerProps) {
  const { host, announce } = useWidget();
  const confirm = useConfirm();
  const formsOpen = useStore($formsOpen);
  const composer = useStore($composer);
  const suspended = formsOpen || composer.open;
  const [target, setTarget] = useState<OpenTarget | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;
  const serial = useRef(0);
  /** Where focus goes once the drawer has closed. */
  const returnFocus = useRef<HTMLElement | null>(null);
  const [Drawer, setDrawer] = useState<ComponentType<DrawerProps> | null>(null);

  const open = useCallback(
    (next: PeeprTarget, trigger: HTMLElement | null, opts: { fromAddress?: boolean } = {}) => {
      // The drawer is on unless the page's flags turn `indash_blogs` off.
      // Read the stores themselves: a form opened in this same turn has not re-rendered us yet.
      if ($formsOpen.get() || $composer.get().open || $session.get().flags.indash_blogs === false) return false;
      serial.current += 1;
      setTarget({ ...next, trigger: trigger ?? targetRef.current?.trigger ?? null, serial: serial.current });
      $postViewer.set(host);
      announce(Events.peeprOpen, next);
      // Playing videos on the page pause: nobody watches them behind the glass, and a still page
      // behind the blurred overlay costs nothing to repaint while the drawer scrolls.
      announce(Events.postViewerOpen, next.postId ? { postId: next.postId } : {});
      // The address names the drawer, so Back closes it and a reload opens it again.
      const params = new URLSearchParams(location.search);
      params.set('peepr', next.blogName);
      if (next.postId) params.set('post_id', next.postId);
      else params.delete('post_id');
      const url = `${location.pathname}?${params}`;
      if (!opts.fromAddress) changeAddress(announce, url, { tag: 'peepr-drawer' });
      loadDrawer().then(
        (component) => setDrawer(() => component),
        (error: unknown) => {
          console.error('<peepr-drawer>: its code could not load', error);
          setTarget(null);
          if ($postViewer.get() === host) $postViewer.set(null);
          void confirm({ kind: 'alert', message: CODE_LOAD_ALERT });
        },
      );
      return true;
    },
    [confirm, announce],
  );

  useEffect(() => drawers.join(host), [host]);

  // Page elements marked `data-peepr`: a plain click opens the drawer; ctrl/meta/shift-clicks and
  // other buttons are left to the browser; a mark naming nothing opens its link in a new window.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (drawers.first() !== host || !isPlainClick(event)) return;
      const el = markedElement(event.composedPath());
      if (!el) return;
      const mark = readPeeprMark(el.getAttribute('data-peepr'));
      if (!mark) {
        const href = el.closest('a')?.href;
        if (href) {
          event.preventDefault();
          window.open(href, '_blank', 'noopener');
        }
        return;
      }
      if (open(mark, el)) event.preventDefault();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [host, open]);

  // The request (page code, other elements, `openBlogPreview()`); queued until this answers.
  useEffect(() => {
    if (drawers.first() !== host) return;
    return answer(OPEN_REQUEST, (detail) => {
      const next = peeprTarget(detail);
      if (!next) {
        console.error(`<peepr-drawer>: ${OPEN_REQUEST} needs { blogName, postId? }`, detail);
        return;
      }
      open(next, document.activeElement instanceof HTMLElement ? document.activeElement : null);
    });
  }, [host, open]);

  // On load: the attributes, else the page address (`?peepr=<blog>&post_id=<id>`).
  useEffect(() => {
    const fromAttributes = blogName?.trim() ? peeprTarget({ blogName: blogName.trim(), postId: postId?.trim() ?? '' }) : null;
    if (blogName?.trim() && !fromAttributes) {
      // One warning, naming the attribute at fault (a 1 MB value is not quoted whole).
      const [attribute, value] = isBlogName(blogName.trim()) ? ['post-id', postId ?? ''] : ['blog-name', blogName];
      console.warn(
        `<peepr-drawer>: attribute "${attribute}" names no ${attribute === 'post-id' ? 'post' : 'blog'}: ${JSON.stringify(value.slice(0, 80))}`,
      );
    }
    const fromAddress = drawers.first() === host ? targetFromSearch(location.search) : null;
    if (fromAttributes) open(fromAttributes, null);
    else if (fromAddress) open(fromAddress, null, { fromAddress: true });
    // Only what the page said at load; later attribute changes open again through the effect below.
  }, []);

  // A later `blog-name` (or `post-id`) opens the drawer on what it names, as the attributes do at
  // load: a page's script, or the playground of /docs. The first run is the load's, handled above.
  const attributesSeen = useRef(false);
  useEffect(() => {
    if (!attributesSeen.current) {
      attributesSeen.current = true;
      return;
    }
    const next = blogName?.trim() ? peeprTarget({ blogName: blogName.trim(), postId: postId?.trim() ?? '' }) : null;
    if (next) open(next, null);
  }, [blogName, postId]);

  const close = useCallback(
    (opts: { navigate: boolean }) => {
      const current = targetRef.current;
      if (!current) return;
      setTarget(null);
      if ($postViewer.get() === host) $postViewer.set(null);
      // Focus goes back once the dialog has closed (while it is open the page is inert).
      returnFocus.current = current.trigger;
      announce(Events.peeprClose, { blogName: current.blogName });
      const url = closeUrl?.trim() || '/dashboard';
      if (opts.navigate) changeAddress(announce, url, { tag: 'peepr-drawer' });
    },
    [announce, closeUrl, host],
  );

  // A drawer taken off the page is no longer a viewer.
  useEffect(
    () => () => {
      if ($postViewer.get() === host) $postViewer.set(null);
    },
    [host],
  );

  // A layout effect: the dialog is already out of the document (so the page is no longer inert),
  // and focus is back before the next paint.
  useLayoutEffect(() => {
    const el = returnFocus.current;
    if (target || !el) return;
    returnFocus.current = null;
    if (el.isConnected) el.focus({ preventScroll: true });
  }, [target]);

  // Back while open (an address without `peepr`) closes it, without navigating again.
  useEffect(() => {
    if (!target) return;
    const onPop = () => {
      if (!targetFromSearch(location.search)) close({ navigate: false });
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [target !== null, close]);

  if (!target || !Drawer) return <slot />;
  return (
    <>
      <slot />
      <Drawer
        key="drawer"
        target={target}
        suspended={suspended}
        shortcutsAllowed={shortcuts !== 'off'}
        onOpenBlog={(next) => open(next, null)}
        onClose={() => close({ navigate: true })}
      />
    </>
  );
}
