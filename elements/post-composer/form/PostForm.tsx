/**
 * The post form (its own chunk, loaded when the form first opens): the builder data and, for an
 * edit or a reblog, the post; the fields of its type; validation with the spec's messages; the
 * draft kept as the user types; saving. Nothing typed is lost: a failed save keeps the form open
 * with the server's message, offline keeps it until the connection is back, and the draft
 * survives a reload, a crash or a closed tab.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../../src/session/session';
import { fetchBuilderData, fetchPostForForm, savePost } from '../api/posts';
import { ApiError, CODE_LOAD_ALERT } from '../../../src/errors';
import { safeStorage, readJson } from '../../../src/core/storage';
import { debounce } from '../../../src/models/timing';
import { reportPendingEdits } from './pending-edits';
import { createPost, isDirty, updatePayload, validatePost, type PostModel } from '../model/post';
import { CONTAINER_LOADER_DELAY_MS } from '../model/container';
import { POST_TYPE_LABELS } from '../../../src/models/post-types';
import { draftKey, type ContextPage, type PostTarget } from '../../../src/models/post-routes';
import { DRAFT_SAVE_DEBOUNCE_MS, parseDraft, type StoredDraft } from '../model/drafts';
import type { BuilderData, FetchedPost, SaveResponse } from '../model/post-responses';
import { useRemote } from '../../../src/ui/use-remote';
import { ErrorState } from '../../../src/ui/ErrorState';
import { Loader } from '../../../src/ui/Loader';
import { BlogSelector } from '../../../src/ui/BlogSelector';
import { Avatar } from '../../../src/ui/Avatar';
import { useConfirm } from '../../../src/ui/ConfirmQueue';
import { useRegistration } from '../../../src/ui/use-registration';
import { sanitizeDashboardPost } from '../dashboard-html';
import { fieldsLoadLater, TypeFields } from './TypeFields';
import { takeTypeAhead, typeIntoField } from '../type-ahead';
import { TagsInput } from './TagsInput';
import { PostOptions, StateMenu, postButtonLabel } from './PostSettings';
import { isTypingPath } from '../../../src/models/typing';
import { startingShareFlags, type AutoSend } from '../model/auto-send';
import { $autoSend } from '../state/auto-send';

/**
 * Where focus goes when the form opens: the first of these in the form's order. A control marked
 * data-autofocus (the photo post's "Choose photos"), else the first field; never a hidden file
 * input, and of a radio group only its chosen radio.
 */
const FIRST_FIELD = [
  '[data-autofocus]:not(:disabled)',
  '.field__control',
  'textarea',
  'input:not([tabindex="-1"]):not([type="radio"])',
  'input[type="radio"]:checked',
].join(', ');

export interface PostFormProps {
  target: PostTarget;
  /** Who opened it (fast-compose, header, link, route, attribute). */
  source: string;
  contextPage: ContextPage | null;
  /** What the context page is about (a tag, a blog): `context_id`. */
  contextId: string;
  inline: boolean;
  titleId: string;
  /** The shell asks through this whether the form may close (the dismiss confirmation). */
  dismissRef: MutableRefObject<(() => Promise<boolean>) | null>;
  onCancel: () => void;
  onSaved: (response: SaveResponse) => void;
}

interface Loaded {
  builder: BuilderData;
  fetched: FetchedPost | null;
}

/**
 * The channels and limits, once per page and user (they do not change while the page is open).
 * Once they have arrived, `ready` holds what a new post's form needs, so a form opened after the
 * prefetch (or a second time) renders its fields in its first render, not a loading state first.
 */
let builderCache: { user: string; data: Promise<BuilderData>; ready?: Loaded } | null = null;
function builderData(user: string, signal: AbortSignal): Promise<BuilderData> {
  if (builderCache?.user !== user) {
    const data = fetchBuilderData();
    const entry: NonNullable<typeof builderCache> = { user, data };
    builderCache = entry;
    data.then(
      (builder) => {
        entry.ready = { builder, fetched: null };
      },
      () => {
        if (builderCache === entry) builderCache = null;
      },
    );
  }
  const pending = builderCache.data;
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new ApiError('aborted', 0, 'Request aborted')), { once: true });
    pending.then(resolve, reject);
  });
}

/** Starts fetching the builder data ahead of an open (PostComposer's prefetch on intent). */
export function prefetchBuilderData(user: string): void {
  void builderData(user, new AbortController().signal).catch(() => {
    // a failed prefetch is forgotten (builderData drops it): the open fetches again and shows the error
  });
}

const storage = safeStorage();
const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout')
      return "We couldn't reach the server. Your post is still here: try again in a moment.";
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'malformed') return 'The server sent an answer we could not read. Your post is still here: try again.';
  }
  return CODE_LOAD_ALERT;
}

export default function PostForm(props: PostFormProps) {
  const { target } = props;
  const user = useStore($session).user;
  const userName = user?.name ?? '';
  const key = `${userName}|${JSON.stringify(target)}`;
  const remote = useRemote<Loaded>(
    key,
    async (_key, signal) => {
      const [builder, fetched] = await Promise.all([
        builderData(userName, signal),
        target.mode === 'new' ? Promise.resolve(null) : fetchPostForForm(target, signal),
      ]);
      return { builder, fetched };
    },
    { cached: (k) => (k === key && target.mode === 'new' && builderCache?.user === userName ? builderCache.ready : undefined) },
  );

  if (remote.status === 'loading') {
    return (
      <div className="post-form post-form--loading" part="form" aria-busy="true">
        <h2 id={props.titleId} className="tl-visually-hidden">
          Loading the post form
        </h2>
        <Loader label="Loading the post form" delayMs={CONTAINER_LOADER_DELAY_MS} />
      </div>
    );
  }
  if (remote.status === 'error') {
    const error = remote.error;
    const message =
      error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'forbidden') && error.serverMessage
        ? error.serverMessage
        : CODE_LOAD_ALERT;
    return (
      <div className="post-form post-form--error" part="form">
        <h2 id={props.titleId} className="post-form__title">
          {target.mode === 'edit' ? 'Edit post' : target.mode === 'reblog' ? 'Reblog' : 'New post'}
        </h2>
        <ErrorState message={message} onRetry={remote.retry} />
        <div className="post-form__footer">
          <button type="button" className="tl-button is-secondary" part="cancel-button" onClick={props.onCancel}>
            Close
          </button>
        </div>
      </div>
    );
  }
  return <LoadedForm {...props} loaded={remote.data} userName={userName} />;
}

/**
 * A blog's auto-send settings: as changed on this page, else as the builder data has them (it is
 * loaded once per page, so a change made since is only in the store).
 */
function autoSendOf(loaded: Loaded, changed: Record<string, AutoSend>, blogName: string): AutoSend {
  const channel = loaded.builder.channels.find((c) => c.name === blogName);
  return changed[blogName] ?? { twitter: channel?.twitter_send_posts === true, facebook: channel?.facebook_opengraph_send_posts === true };
}

function initialPost(target: PostTarget, loaded: Loaded, autoSend: AutoSend): PostModel {
  const current = loaded.builder.channels.find((c) => c.is_current) ?? loaded.builder.channels[0];
  // A new post or a reblog starts sending where its blog sends every new post; an edit keeps its own.
  const share = startingShareFlags(target.mode, autoSend) ?? {};
  const editorType =
    loaded.builder.defaultEditorType === 'html' || loaded.builder.defaultEditorType === 'markdown'
      ? loaded.builder.defaultEditorType
      : 'rich';
  if (loaded.fetched) {
    const post = loaded.fetched.post;
    return target.mode === 'reblog' ? { ...post, tumblelog: current?.name ?? '', editorType, ...share } : post;
  }
  return createPost(target.mode === 'new' ? target.type : 'text', { tumblelog: current?.name ?? '', editorType, ...share });
}

function LoadedForm(props: PostFormProps & { loaded: Loaded; userName: string }) {
  const { target, loaded } = props;
  const confirm = useConfirm();
  const changedAutoSend = useStore($autoSend);
  const firstBlog = (loaded.builder.channels.find((c) => c.is_current) ?? loaded.builder.channels[0])?.name ?? '';
  const firstAutoSend = autoSendOf(loaded, changedAutoSend, firstBlog);
  // The starting point follows the first blog's settings when they change here, so a form whose
  // share toggles only followed a setting is still unchanged (no "Discard this post?").
  const initial = useMemo(
    () => initialPost(target, loaded, firstAutoSend),
    [target, loaded, firstAutoSend.twitter, firstAutoSend.facebook],
  );
  const [post, setPost] = useState<PostModel>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const autoSend = autoSendOf(loaded, changedAutoSend, post.tumblelog);
  // The post's own share toggles follow its blog's settings (another blog picked, a setting
  // changed) until the user sets them by hand; an edit keeps what the post was saved with.
  useEffect(() => {
    const share = startingShareFlags(target.mode, autoSend);
    if (!share) return;
    setPost((p) => {
      const patch: Partial<PostModel> = {};
      if (!touched.has('sendToTwitter') && p.sendToTwitter !== share.sendToTwitter) patch.sendToTwitter = share.sendToTwitter;
      if (!touched.has('sendToFacebook') && p.sendToFacebook !== share.sendToFacebook) patch.sendToFacebook = share.sendToFacebook;
      return Object.keys(patch).length ? { ...p, ...patch } : p;
    });
  }, [target.mode, post.tumblelog, autoSend.twitter, autoSend.facebook]);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [offline, setOffline] = useState(offlineNow);
  const storedKey = draftKey(props.userName, target);
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(() => {
    const draft = parseDraft(readJson(storage, storedKey));
    return draft && isDirty(initial, { ...draft.post, mode: initial.mode, postId: initial.postId }) ? draft : null;
  });
  const formRef = useRef<HTMLFormElement>(null);
  const postRef = useRef(post);
  postRef.current = post;

  const problems = useMemo(() => validatePost(post), [post]);
  const dirty = isDirty(initial, post);
  const errorOf = useCallback(
    (field: keyof PostModel) => (touched.has(field) || touched.has('*') ? problems.find((p) => p.field === field)?.message : undefined),
    [problems, touched],
  );
  const touch = useCallback((field: keyof PostModel) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))), []);
  const updateWith = useCallback(
    (change: (post: PostModel) => Partial<PostModel>, touched?: keyof PostModel) => {
      setPost((p) => {
        const patch = change(p);
        return Object.keys(patch).length ? { ...p, ...patch } : p;
      });
      if (touched) touch(touched);
    },
    [touch],
  );
  const update = useCallback(
    (patch: Partial<PostModel>) => {
      setPost((p) => ({ ...p, ...patch }));
      for (const field of Object.keys(patch)) touch(field as keyof PostModel);
      setStatus((s) => (s?.kind === 'error' ? s : null));
    },
    [touch],
  );

  // ---- the draft: written as the user types, gone once saved or discarded ----
  const writeDraft = useMemo(
    () =>
      debounce((value: PostModel) => {
        if (isDirty(initial, value)) storage.setItem(storedKey, JSON.stringify({ post: value, savedAt: Date.now() } satisfies StoredDraft));
        else storage.removeItem(storedKey);
      }, DRAFT_SAVE_DEBOUNCE_MS),
    [initial, storedKey],
  );
  useEffect(() => {
    // An offered draft is not overwritten until the user has answered (or typed something new).
    if (offeredDraft && !dirty) return;
    writeDraft(post);
  }, [post]);
  useEffect(() => {
    // Leaving the page (a reload, a closed tab): write what is pending now, the editor's last keys too.
    const flush = () => {
      reportPendingEdits();
      writeDraft.flush();
    };
    addEventListener('pagehide', flush);
    return () => {
      removeEventListener('pagehide', flush);
      writeDraft.flush();
    };
  }, [writeDraft]);

  useEffect(() => {
    const on = () => setOffline(false);
    const off = () => setOffline(true);
    addEventListener('online', on);
    addEventListener('offline', off);
    return () => {
      removeEventListener('online', on);
      removeEventListener('offline', off);
    };
  }, []);

  // A field that reports late (the rich editor of a long post) reports before anything the user
  // does here can read the model: capture listeners on the form run before React's handlers (at the
  // shadow root, as the event bubbles), which then see the form rendered with the last keys.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const report = () => reportPendingEdits();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) reportPendingEdits();
    };
    // Not 'click': a render between a radio's or a checkbox's toggle and React's change handler would
    // set the control back to the state it renders (a click's own pointerdown came first anyway).
    const types = ['pointerdown', 'submit', 'focusout'] as const;
    for (const type of types) form.addEventListener(type, report, true);
    form.addEventListener('keydown', onKey, true);
    return () => {
      for (const type of types) form.removeEventListener(type, report, true);
      form.removeEventListener('keydown', onKey, true);
    };
  }, []);

  // ---- dismissing: ask only when something changed since the form opened ----
  useEffect(() => {
    props.dismissRef.current = async () => {
      reportPendingEdits(); // the editor's last keys count as a change
      if (!isDirty(initial, postRef.current)) {
        storage.removeItem(storedKey);
        return true;
      }
      const ok = await confirm({
        kind: 'confirm',
        message: target.mode === 'edit' ? 'Discard edits to this post?' : 'Discard this post?',
        okText: 'Discard',
        cancelText: 'Nevermind',
        danger: true,
      });
      if (ok) {
        writeDraft.cancel();
        storage.removeItem(storedKey);
      }
      return ok;
    };
  });

  // ---- focus: the first field, before the form's first frame is painted ----
  // (or, for a type whose first fields are in a lazy chunk, as soon as they mount: focusing the
  // caption or the tags meanwhile would send the first keys to the wrong field)
  const focusFirstField = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    // A person (or a paste) quick enough to be in a field already keeps it: moving focus now would
    // send the rest of what they type to another control.
    const active = (form.getRootNode() as Document | ShadowRoot).activeElement;
    if (active && form.contains(active) && isTypingPath([active])) {
      typeIntoField(active, takeTypeAhead());
      return;
    }
    const first = form.querySelector<HTMLElement>(FIRST_FIELD);
    first?.focus({ preventScroll: true });
    // what was typed since the click that opened the form
    typeIntoField(first, takeTypeAhead());
  }, []);
  // The lazy fields tell us when they are shown; when their chunk was already loaded they mount in
  // the same commit as the form, before its ref is set, and this effect (which runs after theirs) focuses.
  const laterFieldsShown = useRef(false);
  const onLaterFields = useCallback(() => {
    laterFieldsShown.current = true;
    focusFirstField();
  }, [focusFirstField]);
  useLayoutEffect(() => {
    if (!fieldsLoadLater(post) || laterFieldsShown.current) focusFirstField();
  }, []);

  const blocked = saving || offline || post.uploading || problems.length > 0;
  const submit = async () => {
    setTouched(new Set(['*']));
    if (blocked) return;
    setSaving(true);
    setStatus({ kind: 'info', text: 'Saving…' });
    try {
      const response = await savePost(
        updatePayload(post, {
          channelId: post.tumblelog,
          contextPage: props.contextPage ?? '',
          contextId: props.contextId,
          source: props.source,
        }),
      );
      writeDraft.cancel();
      storage.removeItem(storedKey);
      props.onSaved(response);
    } catch (error) {
      setSaving(false);
      setStatus({ kind: 'error', text: saveErrorMessage(error) });
    }
  };

  const channels = loaded.builder.channels;
  const channel = channels.find((c) => c.name === post.tumblelog);
  const reblogHtml = loaded.fetched?.reblogHtml ? sanitizeDashboardPost.trusted(loaded.fetched.reblogHtml, undefined) : '';
  useRegistration(() => import('../../video-player/index'), String(reblogHtml).includes('<video-player'));
  const title =
    target.mode === 'edit'
      ? `Edit ${POST_TYPE_LABELS[post.type].toLowerCase()} post`
      : target.mode === 'reblog'
        ? 'Reblog'
        : `New ${POST_TYPE_LABELS[post.type].toLowerCase()} post`;
  const firstProblem = problems[0]?.message;
  const statusText = offline ? "You're offline. Your post is kept here; post it when you're back online." : (status?.text ?? '');

  return (
    <form
      ref={formRef}
      className="post-form"
      part="form"
      data-type={post.type}
      data-mode={target.mode}
      noValidate
      aria-busy={saving || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
          e.preventDefault();
          void submit();
        }
      }}
    >
      <header className="post-form__header" part="header">
        {channels.length > 1 ? (
          <BlogSelector
            blogs={channels}
            value={post.tumblelog}
            onChange={(name) => update({ tumblelog: name })}
            label="Choose the blog to post to"
            part="blog-selector"
          />
        ) : (
          <span className="post-form__blog">
            <Avatar name={post.tumblelog} avatar_url={channel?.avatar_url} size={24} decorative />
            {post.tumblelog}
          </span>
        )}
        <h2 id={props.titleId} className="post-form__title">
          {title}
        </h2>
      </header>

      {offeredDraft && (
        <div className="post-form__draft" part="draft" role="status">
          <p>You have an unsaved draft of this post from {new Date(offeredDraft.savedAt).toLocaleString()}.</p>
          <button
            type="button"
            className="tl-button"
            onClick={() => {
              setPost({
                ...offeredDraft.post,
                mode: initial.mode,
                postId: initial.postId,
                reblog_id: initial.reblog_id,
                reblog_key: initial.reblog_key,
                is_reblog: initial.is_reblog,
                uploading: false,
                loading: false,
                hasLoadingInlineImages: false,
              });
              setOfferedDraft(null);
              formRef.current?.querySelector<HTMLElement>('.field__control')?.focus();
            }}
          >
            Restore draft
          </button>
          <button
            type="button"
            className="tl-button is-secondary"
            onClick={() => {
              storage.removeItem(storedKey);
              setOfferedDraft(null);
              formRef.current?.querySelector<HTMLElement>('.field__control')?.focus();
            }}
          >
            Discard draft
          </button>
        </div>
      )}

      {reblogHtml && (
        <div className="post-form__reblog" part="reblog">
          <p className="post-form__reblog-label">Reblogging</p>
          {/* The server sends the dashboard's <li>: it sits in a list of one. Without the tree
              (remove_reblog_tree) it is not posted, so it is not shown either. */}
          <ol className="post-form__reblog-post" hidden={post.removeReblogTree} dangerouslySetInnerHTML={{ __html: reblogHtml }} />
          <label className="check post-form__reblog-remove">
            <input
              type="checkbox"
              checked={post.removeReblogTree}
              onChange={(e) => update({ removeReblogTree: e.currentTarget.checked })}
            />
            Remove the reblogged post (post only what you add)
          </label>
        </div>
      )}

      <div className="post-form__fields">
        <TypeFields post={post} update={update} updateWith={updateWith} errorOf={errorOf} onLaterFields={onLaterFields} />
      </div>
      <TagsInput tags={post.tags} onChange={(tags) => update({ tags })} />
      <PostOptions post={post} update={update} errorOf={errorOf} autoSend={autoSend} />

      {problems.some((p) => p.field === 'form') && touched.size > 0 && (
        <p className="field__error" part="error">
          {problems.find((p) => p.field === 'form')?.message}
        </p>
      )}

      <footer className="post-form__footer">
        <p
          className="post-form__status"
          part="status"
          role={status?.kind === 'error' ? 'alert' : 'status'}
          data-kind={offline ? 'offline' : status?.kind}
        >
          {statusText}
        </p>
        <button type="button" className="tl-button is-secondary" part="cancel-button" onClick={props.onCancel}>
          Close
        </button>
        <StateMenu post={post} update={update} error={errorOf('publish_on')} />
        <button
          type="submit"
          className="tl-button"
          part="post-button"
          aria-disabled={blocked || undefined}
          disabled={saving}
          aria-describedby={blocked && firstProblem ? 'post-form-why' : undefined}
        >
          {saving ? 'Saving…' : postButtonLabel(post)}
        </button>
        {blocked && firstProblem && !saving && (
          <span id="post-form-why" className="tl-visually-hidden">
            {firstProblem}
          </span>
        )}
      </footer>
    </form>
  );
}
