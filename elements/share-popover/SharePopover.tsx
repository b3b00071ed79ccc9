/**
 * <share-popover>: sharing a post (authoring spec §2 "Post share popover", §4, §5; messaging spec
 * §2 "Send-a-post-as-message popover", §4). This file is the shell: which post, which trigger,
 * the popover, and closing (focus back to the trigger; a typed message asks first). The panels
 * are SharePanel.tsx (the options and their sub-views) and SendPostPanel.tsx (send as a message).
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { answer } from '../../src/core/answer';
import { triggerRequest } from '../../src/core/requests';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { Popover, PopoverTrigger, findAnchor, parsePlacement } from '../../src/ui/Popover';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { SHARE_TEXT } from './model/rules';
import { pageTrigger, type ShareTarget } from './targets';
import type { ShareContentProps } from './ShareContent';
import { ErrorState } from '../../src/ui/ErrorState';
import { Loader } from '../../src/ui/Loader';
import styles from './styles.css';

export { styles };

/** Its attributes, parsed (declared once, in contract.ts). */
export type SharePopoverProps = ContractProps<typeof contract>;

let contentModule: Promise<ComponentType<ShareContentProps>> | null = null;
/**
 * What the popover holds (the options, the forms, the send-a-post panel with the recipient search)
 * is its own chunk, fetched the first time a popover opens: a page pays only for the trigger
 * before anyone shares. A failed fetch may be tried again.
 */
function loadContent(): Promise<ComponentType<ShareContentProps>> {
  contentModule ??= import('./ShareContent').then(
    (m) => m.ShareContent,
    (error: unknown) => {
      contentModule = null;
      throw error;
    },
  );
  return contentModule;
}

/** The instances serving `[data-share-post]` page elements, in connection order: the first answers. */
const servers: HTMLElement[] = [];

export default function SharePopover({ postId, blogName, anchor, mode, placement }: SharePopoverProps) {
  const { host, announce } = useWidget();
  const confirm = useConfirm();
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement | null>(null);
  /** What the user typed that a close would lose (the send-a-post message). */
  const dirtyRef = useRef(false);
  /** A confirm is up: presses in it are not "outside". */
  const askingRef = useRef(false);
  const anchorId = anchor?.trim() || undefined;
  const ownPost = postId?.trim() && blogName?.trim() ? { postId: postId.trim(), blogName: blogName.trim() } : null;
  const defaultMode = mode === 'message' ? 'message' : 'share';

  const targetRef = useRef(target);
  targetRef.current = target;

  const close = useCallback((returnFocus: boolean) => {
    const current = targetRef.current;
    dirtyRef.current = false;
    setTarget(null);
    if (current && returnFocus) current.anchor.focus({ preventScroll: true });
  }, []);

  /** Whether what was typed may be dropped: asks first when a typed message would be lost (messaging spec §8). */
  const mayDrop = useCallback(async (): Promise<boolean> => {
    if (!dirtyRef.current) return true;
    askingRef.current = true;
    try {
      return await confirm({ kind: 'confirm', message: SHARE_TEXT.closeWithoutSending, okText: 'OK', cancelText: 'Cancel' });
    } finally {
      askingRef.current = false;
    }
  }, [confirm]);

  const requestClose = useCallback(
    async (returnFocus: boolean) => {
      if (askingRef.current) return;
      if (await mayDrop()) close(returnFocus);
    },
    [close, mayDrop],
  );

  /** A press on a trigger: its popover closes if open, otherwise opens (replacing another's). */
  const toggle = useCallback(
    async (next: ShareTarget) => {
      if (askingRef.current) return;
      const current = targetRef.current;
      if (current && current.anchor === next.anchor) return requestClose(false);
      if (current && !(await mayDrop())) return;
      dirtyRef.current = false;
      setTarget(next);
    },
    [requestClose, mayDrop],
  );

  // `post-id` + `anchor`: a page element (by id) is the trigger. Clicks on it come through the
  // request queue, so one made before this code arrived is replayed rather than lost.
  useEffect(() => {
    if (!ownPost || !anchorId) return;
    const el = findAnchor(host, anchorId);
    if (!el) {
      console.warn(`<share-popover>: attribute "anchor" names no element: ${JSON.stringify(anchorId.slice(0, 80))}`);
      return;
    }
    el.setAttribute('aria-haspopup', 'dialog');
    return answer(triggerRequest(anchorId), () => void toggle({ ...ownPost, mode: defaultMode, anchor: el }));
  }, [anchorId, host, ownPost?.postId, ownPost?.blogName, defaultMode, toggle]);

  // No `post-id`: serve every `[data-share-post]` on the page (the first such instance does).
  useEffect(() => {
    if (ownPost) return;
    servers.push(host);
    const onClick = (event: MouseEvent) => {
      if (servers[0] !== host || event.defaultPrevented || event.button !== 0) return;
      const found = pageTrigger(event.composedPath());
      if (!found) return;
      event.preventDefault();
      void toggle(found);
    };
    document.addEventListener('click', onClick);
    return () => {
      servers.splice(servers.indexOf(host), 1);
      document.removeEventListener('click', onClick);
    };
  }, [host, Boolean(ownPost), toggle]);

  // The trigger says whether its popover is open.
  useEffect(() => {
    if (!target) return;
    const el = target.anchor;
    el.setAttribute('aria-expanded', 'true');
    const detail = { postId: target.postId, blogName: target.blogName, mode: target.mode };
    announce(Events.shareOpen, detail);
    return () => {
      el.setAttribute('aria-expanded', 'false');
      announce(Events.shareClose, detail);
    };
  }, [target, announce]);

  const [Content, setContent] = useState<ComponentType<ShareContentProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (!target || Content) return;
    let cancelled = false;
    setLoadFailed(false);
    loadContent().then(
      (component) => !cancelled && setContent(() => component),
      (error: unknown) => {
        console.error('<share-popover>: its code could not load', error);
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [target, Content, loads]);

  const chosenPlacement = parsePlacement(placement, 'bottom-end');

  return (
    <>
      {ownPost && !anchorId && (
        <PopoverTrigger
          buttonRef={triggerRef}
          expanded={target !== null}
          onClick={(event) => void toggle({ ...ownPost, mode: defaultMode, anchor: event.currentTarget })}
        >
          <slot>Share</slot>
        </PopoverTrigger>
      )}
      {target && (
        <Popover
          open
          anchor={target.anchor}
          placement={chosenPlacement}
          className="share tl-popover--rise"
          part="popover"
          role="dialog"
          aria-label={target.mode === 'message' ? 'Send this post' : 'Share this post'}
          popoverRef={popoverRef}
          onDismiss={(reason) => {
            if (askingRef.current) return;
            const inside = popoverRef.current?.contains(deepActiveElement(host.shadowRoot!));
            void requestClose(reason === 'escape' || Boolean(inside));
          }}
        >
          {!Content && loadFailed && loads === 0 && <ErrorState message={SHARE_TEXT.screwy} onRetry={() => setLoads((n) => n + 1)} />}
          {/* Some engines (Firefox) keep a failed module fetch for the page's life, so a second
              failure asks for a reload rather than offering a Retry that cannot work. */}
          {!Content && loadFailed && loads > 0 && (
            <div className="state state--error" part="error" role="alert">
              <p>{SHARE_TEXT.screwy} Reload the page to try again.</p>
              <button type="button" className="tl-button is-secondary" onClick={() => location.reload()}>
                Reload
              </button>
            </div>
          )}
          {!Content && !loadFailed && (
            <div className="state" part="loading">
              <Loader label="Loading share options" />
            </div>
          )}
          {Content && (
            <Content
              key={`${target.blogName}/${target.postId}/${target.mode}`}
              target={target}
              onClose={(returnFocus) => close(returnFocus)}
              onDirty={(dirty) => {
                dirtyRef.current = dirty;
              }}
              onShared={(network) => announce(Events.share, { network, postId: target.postId, blogName: target.blogName })}
            />
          )}
        </Popover>
      )}
    </>
  );
}
