/** The state menu, the post options and the social toggles of the post form. */
import { useId } from 'react';
import { CHOOSABLE_STATES, TWEET_MAX, publishOnFieldValue, tweetRemaining, type PostModel, type PostState } from '../model/post';
import { Field, UrlInput } from './Field';
import type { Update } from './TypeFields';
import type { AutoSend } from '../model/auto-send';
import { AutoSendSettings } from './AutoSendSettings';

export const STATE_LABELS: Readonly<Record<(typeof CHOOSABLE_STATES)[number], string>> = {
  published: 'Publish now',
  queued: 'Add to queue',
  draft: 'Save as draft',
  scheduled: 'Schedule',
  private: 'Post privately',
};

/** The Post button's words for each state (an edit saves). */
export function postButtonLabel(post: PostModel): string {
  if (post.mode === 'edit') return 'Save';
  switch (post.state) {
    case 'queued':
      return 'Queue';
    case 'draft':
      return 'Save draft';
    case 'scheduled':
      return 'Schedule';
    case 'private':
      return 'Post privately';
    default:
      return post.mode === 'reblog' ? 'Reblog' : 'Post';
  }
}

export function StateMenu({ post, update, error }: { post: PostModel; update: Update; error: string | undefined }) {
  const id = useId();
  const choosable = (CHOOSABLE_STATES as readonly string[]).includes(post.state);
  return (
    <div className="state" part="state">
      <label className="tl-visually-hidden" htmlFor={id}>
        When to post
      </label>
      <select id={id} className="state__select" value={post.state} onChange={(e) => update({ state: e.target.value as PostState })}>
        {!choosable && <option value={post.state}>{post.state}</option>}
        {CHOOSABLE_STATES.map((state) => (
          <option key={state} value={state}>
            {STATE_LABELS[state]}
          </option>
        ))}
      </select>
      {post.state === 'scheduled' && (
        <Field name="publish_on" label="Publish on" error={error}>
          {(control) => (
            <input
              {...control}
              className="field__control state__date"
              type="datetime-local"
              value={publishOnFieldValue(post.publish_on)}
              onChange={(e) => update({ publish_on: e.target.value })}
            />
          )}
        </Field>
      )}
    </div>
  );
}

const OPTIONS: readonly [keyof PostModel, string][] = [
  ['allow_answers', 'Allow answers'],
  ['allow_photo_replies', 'Allow photo replies'],
  ['members_only', 'Members only'],
  ['owner_flagged_nsfw', 'Sensitive content (NSFW)'],
  ['canBeLiked', 'Can be liked'],
  ['canBeReblogged', 'Can be reblogged'],
];

export function PostOptions({
  post,
  update,
  errorOf,
  autoSend,
}: {
  post: PostModel;
  update: Update;
  errorOf: (field: keyof PostModel) => string | undefined;
  /** The post's blog's auto-send settings: what its share toggles start as, and their switches. */
  autoSend: AutoSend;
}) {
  const tweetId = useId();
  const remaining = tweetRemaining(post.customTweet);
  return (
    <details className="options" part="options">
      <summary className="options__summary">Post options</summary>
      <div className="options__body">
        <Field name="customUrl" label="Custom URL" hint="The end of the post's address, e.g. my-first-post">
          {(control) => (
            <input {...control} className="field__control" value={post.customUrl} onChange={(e) => update({ customUrl: e.target.value })} />
          )}
        </Field>
        <Field name="sourceUrl" label="Content source" error={errorOf('sourceUrl')}>
          {(control) => <UrlInput control={control} value={post.sourceUrl} onChange={(sourceUrl) => update({ sourceUrl })} />}
        </Field>
        {(post.state === 'published' || post.state === 'private') && (
          <Field name="postDate" label="Post date" hint="Empty: now. Its date on the blog (UTC)." error={errorOf('postDate')}>
            {(control) => (
              <input
                {...control}
                className="field__control"
                type="datetime-local"
                value={publishOnFieldValue(post.postDate)}
                onChange={(e) => update({ postDate: e.target.value })}
              />
            )}
          </Field>
        )}
        {post.type === 'photo' && (
          <fieldset className="options__flags">
            <legend className="field__label">Photos</legend>
            <label className="check">
              <input type="checkbox" checked={post.carouselDisplay} onChange={(e) => update({ carouselDisplay: e.target.checked })} />
              Show as a carousel
            </label>
            {post.carouselDisplay && (
              <Field name="carouselLinkUrl" label="Carousel link" hint="Where the carousel leads (optional)">
                {(control) => (
                  <UrlInput control={control} value={post.carouselLinkUrl} onChange={(carouselLinkUrl) => update({ carouselLinkUrl })} />
                )}
              </Field>
            )}
          </fieldset>
        )}
        <fieldset className="options__flags">
          <legend className="field__label">Content options</legend>
          {OPTIONS.map(([field, label]) => (
            <label key={field} className="check">
              <input type="checkbox" checked={post[field] === true} onChange={(e) => update({ [field]: e.target.checked })} />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset className="options__flags">
          <legend className="field__label">Share</legend>
          <label className="check">
            <input type="checkbox" checked={post.sendToTwitter} onChange={(e) => update({ sendToTwitter: e.target.checked })} />
            Send to Twitter
          </label>
          {post.sendToTwitter && (
            <div className="field">
              <label className="field__label" htmlFor={tweetId}>
                Custom tweet
              </label>
              <textarea
                id={tweetId}
                className="field__control field__control--area"
                rows={2}
                value={post.customTweet}
                aria-describedby={`${tweetId}-count${errorOf('customTweet') ? ` ${tweetId}-error` : ''}`}
                aria-invalid={errorOf('customTweet') ? true : undefined}
                onChange={(e) => update({ customTweet: e.target.value })}
              />
              <p
                id={`${tweetId}-count`}
                className="tweet-count"
                data-level={remaining < 0 ? 'danger' : remaining < 10 ? 'warning' : 'ok'}
                aria-live="polite"
              >
                {remaining} of {TWEET_MAX} characters left (links count as 29; [[MORE]] and after are left out)
              </p>
              {errorOf('customTweet') && (
                <p id={`${tweetId}-error`} className="field__error" part="error">
                  {errorOf('customTweet')}
                </p>
              )}
            </div>
          )}
          <label className="check">
            <input type="checkbox" checked={post.sendToFacebook} onChange={(e) => update({ sendToFacebook: e.target.checked })} />
            Share on Facebook
          </label>
        </fieldset>
        <AutoSendSettings blogName={post.tumblelog} settings={autoSend} />
      </div>
    </details>
  );
}
