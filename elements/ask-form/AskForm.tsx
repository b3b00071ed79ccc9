/**
 * <ask-form>: asking a blog a question, from any page (a stranger's blog theme with nothing
 * else of the SDK, or the dashboard). A trigger (its own button, the blog's messaging/ask icon,
 * or none), the modal form on a native <dialog>, and a short confirmation after sending.
 * See README "ask-form" for attributes, events, parts.
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { pageInstances } from '../../src/core/page-instances';
import { Events, Requests } from '../../src/core/events';
import { bringElement } from '../../src/core/bring-element';
import { answer } from '../../src/core/answer';
import { request } from '../../src/core/requests';
import { $session } from '../../src/session/session';
import { openForm } from '../../src/stores/forms';
import { cachedBlog, loadBlog } from '../../src/stores/blogs';
import { useRemote } from '../../src/ui/use-remote';
import { blogHref, type BlogCardData } from '../../src/models/blog';
import { askAccess } from './model/rules';
import { MenuButton, type MenuItem } from '../../src/ui/MenuButton';
import { deepActiveElement } from '../../src/ui/deep-active-element';
import type { BlogInfo, Draft } from './AskDialog';
import styles from './styles.css';

export { styles };

/**
 * The form (its dialog, the question rules, the send) is its own chunk: a page that shows the
 * button pays for it on the first open, or on the intent before (a pointer over it, focus on it).
 */
const loadDialog = () => import('./AskDialog');
const AskDialog = retryableLazy(() => loadDialog().then((m) => ({ default: m.AskDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

/** Its attributes, parsed (declared once, in contract.ts). */
export type AskFormProps = ContractProps<typeof contract>;

type TriggerKind = 'button' | 'menu' | 'none';
const triggerKind = (value: string | undefined, hasBlog: boolean): TriggerKind =>
  value === 'menu' || value === 'none' ? value : hasBlog ? 'button' : 'none';

export const SENT_NOTICE_MS = 6000; // ours: how long "Sent!" stays up

// ---- blog data: the page's one blog cache (src/stores/blogs.ts) ----
function useBlogInfo(name: string | null): [BlogInfo, () => void] {
  const remote = useRemote(name, (blog, signal) => loadBlog(blog, signal), { cached: cachedBlog });
  const info: BlogInfo =
    remote.status === 'ready'
      ? { status: 'ready', blog: remote.data }
      : remote.status === 'error'
        ? { status: 'error' }
        : { status: 'loading' };
  return [info, remote.retry];
}

// ---- which <ask-form> answers the request 'tl-ask-form-open-request' ----
interface Instance {
  blogName: string | undefined;
  open: (blogName: string) => void;
}
/** The <ask-form>s on the page; while any is mounted, the request is answered (queued ones first). */
const askForms = pageInstances<Instance>(() => answer(Requests.askFormOpen, openRequested));

/** The element for that blog, else a delegate (no blog-name), else the first one on the page. */
function openRequested(detail: unknown): void {
  const blogName = (detail as { blogName?: unknown } | null)?.blogName;
  if (typeof blogName !== 'string' || !blogName) return;
  const target = askForms.first((i) => i.blogName === blogName) ?? askForms.first((i) => !i.blogName) ?? askForms.first();
  target?.open(blogName);
}

export default function AskForm({ blogName, open, trigger }: AskFormProps) {
  const { host, announce } = useWidget();
  const session = useStore($session);
  const ownName = blogName?.trim() || undefined;
  const [target, setTarget] = useState<string | null>(null); // the blog the open form asks
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [sent, setSent] = useState<{ blogName: string; question: string; anonymous: boolean } | null>(null);
  const [ownInfo, retryOwn] = useBlogInfo(ownName ?? null);
  const [targetInfo, retryTarget] = useBlogInfo(target);
  const kind = triggerKind(trigger, Boolean(ownName));
  const instance = useRef<Instance>({ blogName: ownName, open: () => undefined });
  const triggerRef = useRef<HTMLButtonElement>(null);

  const show = useCallback((name: string) => {
    preloadDialog();
    setSent(null);
    setTarget(name);
  }, []);

  useEffect(() => {
    const me = instance.current;
    me.blogName = ownName;
    me.open = show;
    // Requests made before any <ask-form> was ready were queued; the first to join answers them.
    return askForms.join(me);
  }, [ownName, show]);

  // The `open` attribute/property opens the form for `blog-name`; removing it closes.
  useEffect(() => {
    if (open && ownName) show(ownName);
    else if (!open) setTarget((t) => (t === ownName ? null : t));
  }, [open, ownName, show]);

  // While open: the page is flagged as having forms open, the bus and the page hear about it.
  useEffect(() => {
    if (!target) return;
    const release = openForm();
    announce(Events.askFormOpen, { blogName: target });
    return () => {
      release();
      // Focus goes back where it was (the Dialog does that); if it was nowhere (a click that did
      // not focus the button, as in Safari), to our trigger.
      const active = deepActiveElement(document);
      if (!active || active === document.body || active === host) triggerRef.current?.focus({ preventScroll: true });
      announce(Events.askFormClose, { blogName: target });
    };
  }, [target, announce, host]);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(null), SENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const close = useCallback(() => {
    setTarget(null);
    // Reflect the closed state so setting `open` again reopens.
    if (host.hasAttribute('open')) host.removeAttribute('open');
    if ((host as unknown as { open?: boolean }).open) (host as unknown as { open: boolean }).open = false;
  }, [host]);

  const draftFor = (name: string): Draft => drafts[name] ?? { text: '', anonymous: false };
  const loggedIn = session.user !== null;
  const ownBlog = ownInfo.status === 'ready' ? ownInfo.blog : null;

  let triggerNode: React.ReactNode = null;
  // The button waits for the blog's settings: a blog that takes no questions gets none.
  if (kind === 'button' && ownName && ownInfo.status !== 'loading' && !(ownBlog && askAccess(ownBlog, loggedIn) === 'closed')) {
    triggerNode = (
      <button
        ref={triggerRef}
        type="button"
        className="tl-button trigger"
        part="trigger"
        aria-haspopup="dialog"
        aria-expanded={target === ownName}
        onClick={() => show(ownName)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        <slot>Ask {ownName} a question</slot>
      </button>
    );
  } else if (kind === 'button' && ownName && ownInfo.status === 'loading') {
    // Keeps the button's box while the settings load, so nothing on the page moves when it appears.
    triggerNode = (
      <button type="button" className="tl-button trigger trigger--pending" disabled aria-hidden="true" tabIndex={-1}>
        <slot>Ask {ownName} a question</slot>
      </button>
    );
  } else if (kind === 'menu' && ownName && ownInfo.status === 'loading') {
    // The icon's box while the blog's settings load, in the menu's own structure (same size).
    triggerNode = (
      <span className="tl-menu blog-menu trigger--pending" aria-hidden="true">
        <button type="button" className="tl-menu__button" disabled tabIndex={-1} />
      </span>
    );
  } else if (kind === 'menu' && ownName && ownBlog) {
    triggerNode = <BlogMenu blog={ownBlog} loggedIn={loggedIn && session.user?.can_message !== false} onAsk={() => show(ownName)} />;
  }

  return (
    <>
      {triggerNode}
      {target && (
        // No fallback: until the form's code is here (one request, once), the trigger keeps the focus.
        <PartBoundary retry={AskDialog.retry}>
          <Suspense fallback={null}>
            <AskDialog
              key={target}
              blogName={target}
              info={target === ownName ? ownInfo : targetInfo}
              draft={draftFor(target)}
              onDraft={(draft) => setDrafts((all) => ({ ...all, [target]: draft }))}
              onRetryInfo={target === ownName ? retryOwn : retryTarget}
              onCancel={close}
              onSent={({ question, anonymous }) => {
                setDrafts((all) => ({ ...all, [target]: { text: '', anonymous: false } }));
                setSent({ blogName: target, question, anonymous });
                close();
                announce(Events.askSent, { blogName: target, question, anonymous });
              }}
            />
          </Suspense>
        </PartBoundary>
      )}
      <div className={`sent${sent ? ' sent--shown' : ''}`} part="sent" role="status" aria-live="polite">
        {sent && (
          <>
            <strong>Sent!</strong> Your {sent.anonymous ? 'anonymous ' : ''}question is on its way to {sent.blogName}:{' '}
            <q className="sent__question">{sent.question}</q>
          </>
        )}
      </div>
    </>
  );
}

/** 'Send a message': the dock opens the conversation, brought to a page (a blog theme) that has none. */
function openConversation(blogName: string): void {
  bringElement('messaging-dock', Requests.messagingOpen, () => import('../messaging-dock/index'));
  request(Requests.messagingOpen, { blogName });
}

/**
 * The blog's messaging/ask icon (spec §2 "Blog popover with messaging/ask"): 'Send a message'
 * when the blog can receive messages (logged in), 'Ask a question' when it takes asks, 'Submit'
 * when it takes submissions. With asks off the icon opens messaging directly.
 */
function BlogMenu({ blog, loggedIn, onAsk }: { blog: BlogCardData; loggedIn: boolean; onAsk: () => void }) {
  const canMessage = blog.can_receive_messages && loggedIn;
  const icon = (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v10h2v2l2.5-2H20V6H4zm3 3h10v2H7V9z"
      />
    </svg>
  );
  if (!blog.asks) {
    if (!canMessage) return null;
    return (
      <button
        type="button"
        className="blog-menu__button"
        part="trigger"
        aria-label={`Send ${blog.name} a message`}
        onClick={() => openConversation(blog.name)}
      >
        {icon}
      </button>
    );
  }
  const items: MenuItem[] = [];
  if (canMessage) items.push({ id: 'message', label: 'Send a message', onSelect: () => openConversation(blog.name) });
  items.push({ id: 'ask', label: 'Ask a question', onSelect: onAsk });
  if (blog.submissions) items.push({ id: 'submit', label: 'Submit', href: `${blogHref(blog).replace(/\/$/, '')}/submit` });
  return (
    <MenuButton
      label={`Message or ask ${blog.name}`}
      items={items}
      icon={icon}
      className="blog-menu"
      part="trigger"
      placement="bottom-start"
    />
  );
}
