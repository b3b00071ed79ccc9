/**
 * <post-composer>: the shell of the post form. It stays small (it is on every dashboard before
 * anyone writes): it decides when the form opens and for what (its attributes, `$composer`, the
 * post routes on load, Back/Forward and plain clicks on links to them), runs the opening sequence,
 * keeps the address bar on the route, and does the page's side of a save. The form itself
 * (./form/PostForm) is a separate chunk, loaded when the form first opens.
 * See README "post-composer" for attributes, events, parts.
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { useCallback, useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { pageInstances } from '../../src/core/page-instances';
import { $session } from '../../src/session/session';
import { $composer, closeComposer, openComposerFor, type ComposerState } from '../../src/stores/composer';
import { openForm } from '../../src/stores/forms';
import { CODE_LOAD_ALERT } from '../../src/errors';
import { isPostType } from '../../src/models/post-types';
import {
  FORM_SCROLL_MS,
  FORM_SCROLL_PADDING,
  SAVE_TOAST_DELAY_MS,
  baseRouteOf,
  contextIdOf,
  contextPageOf,
  normaliseBase,
  parsePostRoute,
  postRoute,
  sameTarget,
  showsSaveToast,
  type PostTarget,
} from '../../src/models/post-routes';
import type { SaveResponse } from './model/post-responses';
import { CONTAINER_LOADER_DELAY_MS, CONTAINER_STEP_MS, hidingSteps, type ContainerState } from './model/container';
import { Dialog } from '../../src/ui/Dialog';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import { Loader } from '../../src/ui/Loader';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import { loadedForm, loadForm } from './load-form';
import { startTypeAhead, takeTypeAhead } from './type-ahead';
import { useFormPrefetch } from './use-form-prefetch';
import styles from './styles.css';
import { Events } from '../../src/core/events';
import { changeAddress, navigate as leaveFor } from '../../src/core/address';
import { isPlainClick } from '../../src/core/plain-click';
import { postRouteLink } from './post-route-link';
import { useSay } from '../../src/ui/use-say';
import { giveFocusBack } from '../../src/ui/give-focus-back';

export { styles };

/** Its attributes, parsed (declared once, in contract.ts). */
export type PostComposerProps = ContractProps<typeof contract>;

/** Ours: how long the save toast stays. */
export const TOAST_MS = 5000;

interface Session {
  target: PostTarget;
  source: string;
  /** The address bar was moved to the route by us (pushState): Back closes the form. */
  pushed: boolean;
  route: string;
  /** The address to return to on close: where the page was (its query too), or the base route when it opened on a post route. */
  returnTo: string;
  /** What had focus when the form opened: it gets it back on close. */
  opener: HTMLElement | null;
}

// ---- which <post-composer> answers `$composer`, links and routes: the first without a target of its own ----
const composers = pageInstances<{ id: string; hasOwnTarget: boolean }>();
function claimant(): string | undefined {
  return (composers.first((i) => !i.hasOwnTarget) ?? composers.first())?.id;
}

function attributeTarget(props: PostComposerProps): PostTarget | null {
  if (props.postId) return { mode: 'edit', postId: props.postId };
  if (props.reblogId && props.reblogKey) return { mode: 'reblog', reblogId: props.reblogId, reblogKey: props.reblogKey };
  if (isPostType(props.type)) return { mode: 'new', type: props.type };
  return null;
}

/** Scrolls the page so that `el` starts `padding` px below the top, over `ms` (at once with reduced motion). */
function scrollIntoPlace(el: Element, ms: number, padding: number): Promise<void> {
  const top = el.getBoundingClientRect().top;
  const delta = top - padding;
  if (Math.abs(delta) < 1 || (top >= padding && el.getBoundingClientRect().bottom <= innerHeight)) return Promise.resolve();
  const from = scrollY;
  if (ms === 0) {
    scrollTo(scrollX, from + delta);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ms);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      scrollTo(scrollX, from + delta * eased);
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a `$composer` request asks the form for: an edit or a reblog, or a new post of a type. */
const requestedTarget = (state: ComposerState): PostTarget | null =>
  state.target ?? (state.type ? { mode: 'new', type: state.type } : null);

export default function PostComposer(props: PostComposerProps) {
  const { host, announce, instanceId } = useWidget();
  const say = useSay();
  const { user } = useStore($session);
  const composer = useStore($composer);
  const confirm = useConfirm();
  const titleId = useId();
  const [session, setSession] = useState<Session | null>(null);
  /** An inline form that has closed but still shows while its container hides (spec §4: hiding reverses). */
  const [leaving, setLeaving] = useState<Session | null>(null);
  /** Re-renders once the form's chunk has arrived; the render reads it from `loadedForm()`. */
  const [, formArrived] = useReducer((n: number) => n + 1, 0);
  const [container, setContainer] = useState<ContainerState>('original');
  const containerRef = useRef<ContainerState>('original');
  containerRef.current = container;
  const [toast, setToast] = useState('');
  const sessionRef = useRef<Session | null>(null);
  sessionRef.current = session;
  /** Asks the open form whether it may close (the dismiss confirmation when something changed). */
  const dismissRef = useRef<(() => Promise<boolean>) | null>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const inline = props.inline === true;
  const updateUrl = props.updateUrl !== false;
  const ownTarget = attributeTarget(props);
  const baseRoute = normaliseBase(props.baseRoute ?? baseRouteOf(location.pathname));
  const loggedIn = user !== null;
  useFormPrefetch(user?.name ?? null);

  // Whether it has a target of its own is what its first attributes say.
  useEffect(() => composers.join({ id: instanceId, hasOwnTarget: ownTarget !== null }), [instanceId]);

  const navigate = useCallback(
    (url: string, how: 'push' | 'replace') => {
      if (!updateUrl) return false;
      return changeAddress(announce, url, { tag: 'post-composer', how, ...(how === 'push' ? { state: { tlPostForm: url } } : {}) });
    },
    [announce, updateUrl],
  );

  // ---- opening ----
  const open = useCallback(
    (target: PostTarget, source: string, opts: { atRoute?: boolean; returnFocus?: HTMLElement | undefined } = {}) => {
      // One form at a time: a request while one is open is dropped (the open one keeps what was typed).
      if (!loggedIn || sessionRef.current) return;
      const route = postRoute(target, baseRoute);
      const opener = opts.returnFocus ?? (deepActiveElement() as HTMLElement | null);
      const returnTo = parsePostRoute(location.pathname) || props.baseRoute ? baseRoute : location.pathname + location.search;
      const pushed = !opts.atRoute && navigate(route, 'push');
      setLeaving(null);
      // The container's first look comes with the form's first render (no frame of the form fully shown before it).
      // With reduced motion there is no transition: the form is shown as it is from its first frame.
      setContainer(prefersReducedMotion() ? 'post-form' : 'pre-transition');
      setSession({
        target,
        source,
        pushed,
        route,
        returnTo,
        opener: opener instanceof HTMLElement && opener !== document.body ? opener : null,
      });
    },
    [loggedIn, baseRoute, navigate, props.baseRoute],
  );

  // From the attributes (each new value opens it once).
  const attrKey = ownTarget ? JSON.stringify(ownTarget) : '';
  useEffect(() => {
    if (ownTarget) open(ownTarget, 'attribute');
  }, [attrKey, loggedIn]);

  // From `$composer` (fast compose, the header, page links). A listener, not an effect: it runs
  // inside the click or key that asked. The form renders, the modal opens and the first field
  // takes focus in that same task (flushSync), as a native <dialog> would: the first frame after
  // the click has the form live. Keys typed before the field exists (the form's chunk still
  // loading) are kept for it (type-ahead.ts).
  const openRef = useRef(open);
  openRef.current = open;
  /** Requests the listener took: the effect below leaves them alone (one open per request). */
  const heard = useRef(new WeakSet<ComposerState>());
  useEffect(
    () =>
      $composer.listen((state) => {
        if (!state.open || !loggedIn || claimant() !== instanceId || sessionRef.current) return;
        heard.current.add(state);
        startTypeAhead();
        const target = requestedTarget(state);
        // In a microtask: still inside the task that asked, but out of the store's notification
        // loop (a store written while it runs would tell its listeners only afterwards).
        if (target)
          queueMicrotask(() => {
            if (!sessionRef.current) flushSync(() => openRef.current(target, state.source, { returnFocus: state.returnFocus }));
          });
      }),
    [loggedIn, instanceId],
  );
  // A request made before this element listened (or while it was logged out) opens it now.
  useEffect(() => {
    if (!composer.open || claimant() !== instanceId || heard.current.has(composer)) return;
    const target = requestedTarget(composer);
    if (target) open(target, composer.source, { returnFocus: composer.returnFocus });
  }, [composer, open, instanceId]);

  // From the address: a post route on load.
  useEffect(() => {
    if (claimant() !== instanceId || ownTarget) return;
    const target = parsePostRoute(location.pathname);
    if (target) open(target, 'route', { atRoute: true });
  }, [loggedIn]);

  // Plain clicks on links to the post routes (new, edit, reblog) open the form instead of loading a page.
  useEffect(() => {
    if (!loggedIn) return;
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      if (claimant() !== instanceId) return;
      const link = postRouteLink(event.composedPath());
      if (!link) return;
      const { anchor, target } = link;
      event.preventDefault();
      // Safari does not focus a clicked link: focus it so it gets focus back when the form closes.
      if (deepActiveElement() !== anchor) anchor.focus({ preventScroll: true });
      openComposerFor(target, 'link');
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [loggedIn, instanceId]);

  // ---- closing ----
  const finish = useCallback(
    (saved: SaveResponse | null) => {
      const current = sessionRef.current;
      if (!current) return;
      setSession(null);
      // Everything a close does happens now (focus goes back, the address and the event); only the
      // look of an inline container runs backwards a moment longer. The modal closes at once: a
      // closed <dialog> kept in the page to fade out holds the focus of the field inside it, which
      // the browser then drops to <body> after focus was given back.
      if (prefersReducedMotion() || !inline) setContainer('original');
      else setLeaving(current);
      takeTypeAhead(); // a form closed before it took what was typed: the capture ends here
      dismissRef.current = null;
      if ($composer.get().open) closeComposer();
      if (location.pathname === current.route) navigate(current.returnTo, 'replace');
      // Focus goes back once the modal has closed (the page is inert until then).
      returnFocusRef.current = current.opener;
      announce(Events.composerClose, { saved: saved !== null });
      if (!saved) return;
      const mode = current.target.mode;
      const contextPage = contextPageOf(baseRoute) ?? contextPageOf(location.pathname);
      const detail = { postId: saved.post.id, blogName: saved.post_tumblelog.name_or_id, mode, contextPage, response: saved };
      if (announce(Events.postSaved, detail)) {
        // Its own chunk (with the sanitiser): a page pays for it only after a save.
        void import('./page-update').then(
          ({ updatePageAfterSave }) =>
            updatePageAfterSave({
              mode,
              contextPage,
              baseRoute,
              response: saved,
              navigate: (url) => void leaveFor(announce, url),
              dashboardRefresh: $session.get().flags.dashboard_refresh === true,
            }),
          (error: unknown) => console.error('[tumblelog] <post-composer>: the page could not be updated after the save', error),
        );
      }
      const text = saved.message || (mode === 'edit' ? 'Your post was updated.' : mode === 'reblog' ? 'Reblogged.' : 'Posted.');
      const toast = showsSaveToast({ mode, source: current.source, contextPage });
      // Said even where no toast shows: a screen reader hears the save wherever it was made. After
      // the delay, because the form's dialog (and its live region) has closed by then.
      setTimeout(() => {
        say(text);
        if (toast) setToast(text);
      }, SAVE_TOAST_DELAY_MS);
    },
    [announce, say, baseRoute, navigate],
  );

  /** Close unless the form has changes the user wants to keep (the dismiss confirmation). */
  const dismiss = useCallback(async (): Promise<boolean> => {
    const ask = dismissRef.current;
    const ok = ask ? await ask() : true;
    if (ok) finish(null);
    return ok;
  }, [finish]);

  // Back (or Forward) while the form is open: a route that is not the form's asks to close it.
  useEffect(() => {
    const onPop = () => {
      const current = sessionRef.current;
      const target = parsePostRoute(location.pathname);
      if (current) {
        if (target && sameTarget(target, current.target)) return;
        void dismiss().then((ok) => {
          // "Nevermind": the form stays, and so does its address.
          if (!ok && updateUrl) history.pushState({ tlPostForm: current.route }, '', current.route);
        });
        return;
      }
      if (target && claimant() === instanceId && !ownTarget) open(target, 'route', { atRoute: true });
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [dismiss, open, instanceId, updateUrl]);

  // ---- the opening sequence: overlay, header hidden, scroll, the container's look ----
  // The page's side (the host's data-open, the header hidden) in the commit that shows the form,
  // so the page's first frame with the form has them too.
  useLayoutEffect(() => {
    if (!session) return;
    const release = openForm();
    host.toggleAttribute('data-open', true);
    return () => {
      release();
      host.removeAttribute('data-open');
    };
  }, [session]);
  // The form is live from its first frame (PostForm focuses its first field as it mounts): the
  // container transition only animates opacity and transform around it, so a key typed during
  // the animation lands in the field.
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    const reduced = prefersReducedMotion();
    loadForm().then(
      () => {
        if (!cancelled) formArrived();
      },
      (error: unknown) => {
        console.error('[tumblelog] <post-composer>: the form could not load', error);
        if (cancelled) return;
        finish(null);
        void confirm({ kind: 'alert', message: CODE_LOAD_ALERT });
      },
    );
    const type = session.target.mode === 'new' ? session.target.type : 'post';
    announce(Events.composerOpen, { type, mode: session.target.mode });
    void (async () => {
      if (reduced) {
        if (inline) await scrollIntoPlace(host, 0, FORM_SCROLL_PADDING);
        return;
      }
      await wait(CONTAINER_STEP_MS);
      if (cancelled) return;
      setContainer('mid-transition');
      if (inline) await scrollIntoPlace(host, FORM_SCROLL_MS, FORM_SCROLL_PADDING);
      await wait(CONTAINER_STEP_MS);
      if (cancelled) return;
      setContainer('post-form');
    })();
    return () => {
      cancelled = true;
    };
  }, [session]);

  // ---- the hiding sequence: the container's states backwards, then gone (spec §4) ----
  useEffect(() => {
    if (!leaving) return;
    let cancelled = false;
    void (async () => {
      for (const state of hidingSteps(containerRef.current)) {
        if (cancelled) return;
        setContainer(state);
        if (state !== 'original') await wait(CONTAINER_STEP_MS);
      }
      if (!cancelled) setLeaving(null);
    })();
    return () => {
      cancelled = true;
    };
  }, [leaving]);

  useEffect(() => {
    const opener = returnFocusRef.current;
    if (session || !opener) return;
    returnFocusRef.current = null;
    giveFocusBack(opener);
  }, [session]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(''), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!loggedIn) return <slot />;

  const shown = session ?? leaving;
  // A chunk fetched ahead (on intent) renders the form in the first render, not a loading state first.
  const Form = loadedForm()?.default;
  const body = shown ? (
    Form ? (
      <Form
        key={JSON.stringify(shown.target)}
        target={shown.target}
        source={shown.source}
        contextPage={contextPageOf(baseRoute)}
        contextId={contextIdOf(baseRoute)}
        inline={inline}
        titleId={titleId}
        dismissRef={dismissRef}
        onCancel={() => void dismiss()}
        onSaved={(response) => finish(response)}
      />
    ) : (
      <div className="composer__loading" part="form" aria-busy="true">
        <Loader label="Loading the post form" delayMs={CONTAINER_LOADER_DELAY_MS} />
      </div>
    )
  ) : null;

  return (
    <>
      {/* The page's own content comes back once the form has gone (inline: once it has hidden). */}
      {!shown && <slot />}
      {inline ? (
        shown && (
          <section className="composer composer--inline" data-transition={container} aria-labelledby={titleId} inert={session === null}>
            {body}
          </section>
        )
      ) : (
        <Dialog
          open={session !== null}
          onCancel={() => void dismiss()}
          labelledBy={titleId}
          className="composer composer--modal"
          part="overlay"
          openBeforeContent
        >
          <div className="composer__frame" data-transition={container}>
            {body}
          </div>
        </Dialog>
      )}
      {/* Not a live region itself: the element's one region says the same words (useSay). */}
      <div className="composer__toast" part="toast" data-shown={toast ? '' : undefined}>
        {toast}
      </div>
    </>
  );
}
