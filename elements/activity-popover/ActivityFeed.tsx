/**
 * <activity-popover>'s panel, its own chunk (ActivityPopover.tsx loads it on the trigger's intent,
 * on opening, or at once with `inline`): the current blog's notifications grouped by day, a blog
 * selector and a sparkline, with their loading, error and empty states.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { $session, setCurrentChannel } from '../../src/session/session';
import { fetchActivity } from './api';
import {
  ACTIVITY_EMPTY_TEXT,
  ACTIVITY_LOAD_ALERT,
  BADGE_LABELS,
  badgeFor,
  describe,
  groupByDay,
  localeOf,
  prepareActivityFormats,
  quoteFor,
  rowTarget,
  showSeeEverything,
  showSparkline,
  timeOfDayFormat,
  type ActivityNotification,
} from '../../src/models/activity';
import { safeImageUrl, safeLinkUrl } from '../../src/models/urls';
import { Avatar } from '../../src/ui/Avatar';
import { BlogSelector } from '../../src/ui/BlogSelector';
import { Loader } from '../../src/ui/Loader';
import { Sparkline } from './Sparkline';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { useRemote } from '../../src/ui/use-remote';
import { useRegistration } from '../../src/ui/use-registration';
import { ErrorState } from '../../src/ui/ErrorState';
import { navigate } from '../../src/core/address';
import { logEvent } from '../../src/bus/log';

/** The list's date formatters for the user's language, made ahead of its first render. */
export function prepareFormats(): void {
  const locale = localeOf($session.get().user?.language);
  prepareActivityFormats(locale ? { locale } : {});
}

export function ActivityFeed({ requestedBlog }: { requestedBlog: string | undefined }) {
  const { announce } = useWidget();
  const session = useStore($session);
  const confirm = useConfirm();
  const [chosen, setChosen] = useState<string | null>(null);
  const channelNames = session.channels.map((c) => c.name);
  const requested = requestedBlog && channelNames.includes(requestedBlog) ? requestedBlog : undefined;
  const blog = chosen ?? requested ?? session.currentChannel ?? session.user?.primary ?? '';

  // Refetch when the blog changes and on Retry; every failure also alerts 'Woops :('.
  const state = useRemote(blog || null, (name, signal) => fetchActivity(name, signal), {
    onError: () => void confirm({ kind: 'alert', message: ACTIVITY_LOAD_ALERT }),
  });

  const choose = (name: string) => {
    setChosen(name);
    setCurrentChannel(name);
  };

  // Seen: on opening, and again for each blog chosen in the selector.
  useEffect(() => {
    if (blog) logEvent('activity_view', { blog });
  }, [blog]);

  // A row opens through its link (the browser navigates) or a click elsewhere on it (we do).
  const openRow = (n: ActivityNotification, byLink: boolean) => {
    const safe = safeLinkUrl(rowTarget(n));
    if (!safe) return;
    logEvent('activity_row_open', { blog, type: n.type });
    if (!byLink) navigate(announce, safe);
  };

  const data = state.status === 'ready' ? state.data : null;
  const count = data?.notifications.length ?? 0;
  // Rows open a blog card on hover: the card's code comes once there are rows.
  useRegistration(() => import('../blog-card/index'), count > 0);
  const activityHref = `/blog/${encodeURIComponent(blog)}/activity`;

  return (
    <section className="panel" part="panel" aria-label={`Activity for ${blog}`}>
      <header className="panel__header">
        <h2 className="panel__title">Activity</h2>
        <BlogSelector blogs={session.channels} value={blog} onChange={choose} label="Show activity for" part="blog-selector" />
        {data && showSparkline(data.sparkline) && (
          <a className="panel__sparkline" href={activityHref} part="sparkline" title="Activity over the last 30 days">
            <Sparkline
              values={data.sparkline}
              label={`Activity over the last ${data.sparkline.length} days: ${data.sparkline.reduce((a, b) => a + b, 0)} notes`}
            />
          </a>
        )}
      </header>
      <div className="panel__body" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && (
          <div className="panel__state">
            <Loader label={`Loading activity for ${blog}`} />
          </div>
        )}
        {state.status === 'error' && (
          // No role: the 'Woops :(' alert has said it already.
          <ErrorState className="panel__state" role={null} message={`Couldn't load activity for ${blog}.`} onRetry={state.retry} />
        )}
        {data && count === 0 && (
          <p className="panel__state panel__empty" part="empty">
            {ACTIVITY_EMPTY_TEXT}
          </p>
        )}
        {data && count > 0 && <Groups notifications={data.notifications} locale={localeOf(session.user?.language)} onOpen={openRow} />}
      </div>
      {data && showSeeEverything(count) && (
        <footer className="panel__footer">
          <a href={activityHref} part="see-everything">
            See everything
          </a>
        </footer>
      )}
    </section>
  );
}

function Groups({
  notifications,
  locale,
  onOpen,
}: {
  notifications: ActivityNotification[];
  locale: string | undefined;
  onOpen: (n: ActivityNotification, byLink: boolean) => void;
}) {
  const groups = groupByDay(notifications, Date.now(), locale ? { locale } : {});
  const timeFormat = timeOfDayFormat(locale);
  return (
    <div className="groups">
      {groups.map((group) => (
        <section key={group.day} className="group" aria-labelledby={`day-${group.day}`}>
          <h3 className="group__header" id={`day-${group.day}`}>
            <span className="group__label">{group.label}</span>
            <span className="group__date">{group.fullDate}</span>
          </h3>
          <ul className="rows">
            {group.items.map((n) => (
              <Row key={n.id} n={n} time={timeFormat.format(new Date(n.timestamp * 1000))} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Row({ n, time, onOpen }: { n: ActivityNotification; time: string; onOpen: (n: ActivityNotification, byLink: boolean) => void }) {
  const when = new Date(n.timestamp * 1000);
  const from = n.from_tumblelog;
  const target = safeLinkUrl(rowTarget(n));
  const quote = quoteFor(n);
  const badge = badgeFor(n);
  const thumb = safeImageUrl(n.post?.media_url ?? n.post?.video_thumbnail_url);
  const blogHref = safeLinkUrl(from.tumblr_url) ?? `/blog/${encodeURIComponent(from.name)}`;
  return (
    <li
      className={`row row--${n.type}`}
      part="row"
      onClick={(event) => {
        // The whole row opens the post or blog; its own links and buttons keep their behaviour.
        const interactive = event.nativeEvent
          .composedPath()
          .some((el) => el instanceof HTMLElement && (el.localName === 'a' || el.localName === 'button'));
        if (!interactive) onOpen(n, false);
      }}
    >
      <blog-card blog-name={from.name} placement="left-start">
        <a href={blogHref} className="row__avatar" tabIndex={-1} aria-hidden="true">
          <Avatar name={from.name} size={40} avatar_url={from.avatar_url} avatar_url_48={from.avatar_url_48} decorative />
        </a>
      </blog-card>
      <div className="row__text">
        <p className="row__line">
          <blog-card blog-name={from.name} placement="left-start">
            <a href={blogHref} className="row__name">
              {from.name}
            </a>
          </blog-card>{' '}
          {target ? (
            <a href={target} className="row__what" onClick={() => onOpen(n, true)}>
              {describe(n)}
            </a>
          ) : (
            <span className="row__what">{describe(n)}</span>
          )}
        </p>
        {quote && <p className="row__quote">“{quote}”</p>}
        {n.post?.summary && !quote && <p className="row__summary">{n.post.summary}</p>}
        <p className="row__time">
          <time dateTime={Number.isNaN(when.getTime()) ? undefined : when.toISOString()}>{time}</time>
        </p>
      </div>
      {n.type === 'follower' && !from.is_friend && (
        <a className="tl-button row__follow" href={`/follow/${encodeURIComponent(from.name)}`} aria-label={`Follow ${from.name}`}>
          Follow
        </a>
      )}
      {badge && n.type !== 'follower' && (
        <span className={`row__badge row__badge--${badge}`} title={BADGE_LABELS[badge]}>
          {thumb ? <img src={thumb} alt="" width={40} height={40} loading="lazy" /> : null}
          <span className="row__badge-label">{BADGE_LABELS[badge]}</span>
        </span>
      )}
    </li>
  );
}
