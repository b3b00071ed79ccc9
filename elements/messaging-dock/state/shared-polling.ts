/**
 * One poller per browser and user (README, "Many tabs, one user"). The user's tabs with a dock
 * elect one (poll-leader.ts); it alone runs the Poller, with the spec's rates, back-off, typing
 * throttle and stop after errors, for what all the tabs show together (model/tab-views.ts), and
 * posts every answer to the others, which apply it as if they had polled. Typing, input and Retry
 * in any tab reach the poller. When the leader's tab closes or crashes the browser hands the lock
 * to another tab, which starts its own Poller at once.
 *
 * Messages on the user's tab channel:
 *   poll-answer  { unread }   the leader's answer, before any tab's own "just read" overrides
 *   poll-view    { view }     a tab's view (on change, every VIEW_REFRESH_MS, and when asked)
 *   poll-who                  a new leader asks for the views
 *   poll-bye                  a tab's dock stopped
 *   poll-nudge   { kind }     typing | input | restart, for the leader's poller
 *   poll-stopped { stopped }  the leader's poller stopped after errors, or started again
 */
import { parsePollResponse, type UnreadData } from '../../../src/messaging/model/conversation';
import { tabChannel, TabMessages } from '../../../src/tabs/tab-channel';
import { Poller } from '../model/poller';
import {
  anotherTabVisible,
  combineViews,
  HIDDEN_HANDOVER_MS,
  readView,
  VIEW_REFRESH_MS,
  type HeardView,
  type TabView,
} from '../model/tab-views';
import { electLeader } from './poll-leader';

export interface SharedPollingOptions {
  /** One poll: the server's unread counts by blog. */
  fetch: () => Promise<UnreadData>;
  /** Applies an answer in this tab; `alert` is given in the tab that polled. Resolves whether anything changed. */
  apply: (unread: UnreadData, alert: { hidden: boolean } | null) => boolean;
  frequencyMs?: number;
  /** How long a hidden polling tab keeps the poller while another tab is in sight (default HIDDEN_HANDOVER_MS). */
  handOverAfterMs?: number;
  verifiedEmail: () => boolean;
  /** What this tab shows now. */
  view: () => TabView;
  onStopped: (stopped: boolean) => void;
}

export interface SharedPolling {
  /** This tab's view changed (or the e-mail was verified): tell the poller, wherever it runs. */
  update(): void;
  typing(): void;
  input(): void;
  /** Starts polling again after an error stop (a Retry). */
  restart(): void;
  readonly leading: boolean;
  dispose(): void;
}

export function startSharedPolling(options: SharedPollingOptions): SharedPolling {
  const channel = tabChannel();
  const heard = new Map<string, HeardView>();
  let poller: Poller | null = null;
  let last: UnreadData | null = null;
  let stopped = false;
  let disposed = false;
  let handOverTimer: ReturnType<typeof setTimeout> | null = null;

  const combined = () => combineViews(options.view(), heard.values(), Date.now());
  const pollerState = () => {
    const v = combined();
    return { verifiedEmail: options.verifiedEmail(), inboxOpen: v.inboxOpen, conversationOpen: v.conversationOpen };
  };
  const setStopped = (value: boolean, share: boolean) => {
    if (share) channel?.post(TabMessages.pollStopped, { stopped: value });
    if (stopped === value) return;
    stopped = value;
    options.onStopped(value);
  };

  const startPoller = () => {
    poller = new Poller({
      poll: async () => {
        const unread = await options.fetch();
        last = unread;
        channel?.post(TabMessages.pollAnswer, { unread });
        if (stopped) setStopped(false, true);
        return options.apply(unread, { hidden: !combined().visible });
      },
      ...(options.frequencyMs !== undefined ? { frequencyMs: options.frequencyMs } : {}),
      onStop: () => setStopped(true, true),
    });
    poller.setState(pollerState());
  };

  const clearHandOver = () => {
    if (handOverTimer !== null) clearTimeout(handOverTimer);
    handOverTimer = null;
  };
  // A hidden tab's timers are throttled (to once a minute in Chromium after a while): a leader out
  // of sight for long lets a tab in sight poll instead.
  const watchHidden = () => {
    clearHandOver();
    if (!leadership?.isLeader || document.visibilityState !== 'hidden') return;
    handOverTimer = setTimeout(() => {
      handOverTimer = null;
      if (document.visibilityState === 'hidden' && anotherTabVisible(heard.values(), Date.now())) leadership?.handOver();
      else watchHidden();
    }, options.handOverAfterMs ?? HIDDEN_HANDOVER_MS);
  };

  const postView = () => channel?.post(TabMessages.pollView, { view: options.view() });

  let leadership: ReturnType<typeof electLeader> | null = null;
  leadership = electLeader(channel?.user ?? '', { alone: channel === null }, (leader) => {
    if (disposed && leader) return;
    if (leader) {
      startPoller();
      channel?.post(TabMessages.pollWho);
      watchHidden();
    } else {
      poller?.dispose();
      poller = null;
      clearHandOver();
      if (!disposed) postView();
    }
  });

  const stops: (() => void)[] = [];
  if (channel) {
    stops.push(
      channel.on(TabMessages.pollAnswer, (m) => {
        if (poller) return; // two leaders for a moment (a hand-over): this tab's own answers count
        let unread: UnreadData;
        try {
          const parsed = parsePollResponse({ unread_messages: m.unread });
          if (parsed.error) return;
          unread = parsed.unread;
        } catch {
          return;
        }
        last = unread;
        setStopped(false, false);
        options.apply(unread, null);
      }),
      channel.on(TabMessages.pollView, (m) => {
        const view = readView(m.view);
        if (!view) return;
        const isNew = !heard.has(m.from);
        heard.set(m.from, { view, at: Date.now() });
        if (!poller) return;
        poller.setState(pollerState());
        // a tab that just opened gets the counts now instead of at the next poll
        if (isNew && last) channel.post(TabMessages.pollAnswer, { unread: last });
        if (isNew && stopped) channel.post(TabMessages.pollStopped, { stopped: true });
      }),
      channel.on(TabMessages.pollWho, () => postView()),
      channel.on(TabMessages.pollBye, (m) => {
        heard.delete(m.from);
        poller?.setState(pollerState());
      }),
      channel.on(TabMessages.pollNudge, (m) => {
        if (!poller) return;
        if (m.kind === 'typing') poller.typing();
        else if (m.kind === 'input') poller.input();
        else if (m.kind === 'restart') {
          setStopped(false, true);
          poller.restart();
        }
      }),
      channel.on(TabMessages.pollStopped, (m) => {
        if (!poller && typeof m.stopped === 'boolean') setStopped(m.stopped, false);
      }),
    );
    const refresh = setInterval(postView, VIEW_REFRESH_MS);
    const onVisibility = () => {
      postView();
      watchHidden();
    };
    const onHide = () => channel.post(TabMessages.pollBye);
    // back from the back/forward cache: the others forgot this tab at its pagehide
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) postView();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    stops.push(() => {
      clearInterval(refresh);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    });
    postView();
  }

  const nudge = (kind: 'typing' | 'input' | 'restart') => channel?.post(TabMessages.pollNudge, { kind });

  return {
    get leading() {
      return poller !== null;
    },
    update() {
      if (poller) poller.setState(pollerState());
      else postView();
    },
    typing() {
      if (poller) poller.typing();
      else nudge('typing');
    },
    input() {
      if (poller) poller.input();
      else nudge('input');
    },
    restart() {
      if (poller) {
        setStopped(false, true);
        poller.restart();
      } else nudge('restart');
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const stop of stops) stop();
      channel?.post(TabMessages.pollBye);
      clearHandOver();
      poller?.dispose();
      poller = null;
      leadership?.close();
    },
  };
}
