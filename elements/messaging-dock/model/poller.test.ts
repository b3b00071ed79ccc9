import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_BACKOFF,
  INBOX_BACKOFF,
  MESSAGING_POLL_FREQUENCY_MS,
  Poller,
  TYPING_POLL_INTERVAL_MS,
  isPollingEnabled,
  multiplierAt,
  type PollMode,
} from './poller';

const F = MESSAGING_POLL_FREQUENCY_MS;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A poller whose poll answers from `answers` (true = changed, Error = failure; default unchanged). */
function setup(answers: Array<boolean | Error> = [], frequencyMs?: number) {
  const calls: { at: number; mode: PollMode }[] = [];
  const onStop = vi.fn();
  const poller = new Poller({
    poll: async (mode) => {
      calls.push({ at: Date.now(), mode });
      const answer = answers.shift() ?? false;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onStop,
    ...(frequencyMs !== undefined ? { frequencyMs } : {}),
  });
  const gaps = () => calls.map((c, i) => c.at - (i === 0 ? 0 : calls[i - 1]!.at));
  return { poller, calls, gaps, onStop };
}

describe('constants and enablement', () => {
  it('has the spec tables and default frequency', () => {
    expect(F).toBe(15000);
    expect(INBOX_BACKOFF).toEqual([1, 1, 2, 2, 4]);
    expect(CONVERSATION_BACKOFF).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16]);
    expect(TYPING_POLL_INTERVAL_MS).toBe(30000);
    expect(multiplierAt('inbox', 4)).toBe(4);
    expect(multiplierAt('inbox', 99)).toBe(4);
    expect(multiplierAt('conversation', 99)).toBe(16);
  });

  it('is enabled only with a verified e-mail and the inbox or a conversation open', () => {
    expect(isPollingEnabled({ verifiedEmail: true, inboxOpen: true, conversationOpen: false })).toBe(true);
    expect(isPollingEnabled({ verifiedEmail: true, inboxOpen: false, conversationOpen: true })).toBe(true);
    expect(isPollingEnabled({ verifiedEmail: false, inboxOpen: true, conversationOpen: true })).toBe(false);
    expect(isPollingEnabled({ verifiedEmail: true, inboxOpen: false, conversationOpen: false })).toBe(false);
  });

  it('does not poll while disabled', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: false, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(10 * F);
    poller.setState({ verifiedEmail: true, inboxOpen: false });
    await vi.advanceTimersByTimeAsync(10 * F);
    expect(calls).toHaveLength(0);
    expect(poller.running).toBe(false);
  });
});

describe('back-off sequences', () => {
  it('inbox: unchanged responses give 1,1,2,2,4 then 4 repeats', async () => {
    const { poller, gaps } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * (1 + 1 + 2 + 2 + 4 + 4 + 4));
    expect(gaps()).toEqual([1, 1, 2, 2, 4, 4, 4].map((m) => m * F));
  });

  it('conversation: 1,1,1,1,2,2,2,2,4,4,4,4,8,8,8,8,16 then 16 repeats', async () => {
    const { poller, gaps, calls } = setup();
    poller.setState({ verifiedEmail: true, conversationOpen: true });
    const expected = [...CONVERSATION_BACKOFF, 16, 16];
    await vi.advanceTimersByTimeAsync(F * expected.reduce((a, b) => a + b, 0));
    expect(gaps()).toEqual(expected.map((m) => m * F));
    expect(calls.every((c) => c.mode === 'conversation')).toBe(true);
  });

  it('uses the conversation rate while a conversation is open even with the inbox open', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true, conversationOpen: true });
    expect(poller.mode).toBe('conversation');
    await vi.advanceTimersByTimeAsync(F);
    expect(calls[0]?.mode).toBe('conversation');
  });

  it('uses the server frequency', async () => {
    const { poller, gaps } = setup([], 1000);
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(1000 + 1000 + 2000);
    expect(gaps()).toEqual([1000, 1000, 2000]);
  });

  it('falls back to 15000 ms for a bad frequency', () => {
    const { poller } = setup([], Number.NaN);
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    expect(poller.currentDelay).toBe(15000);
  });
});

describe('reset rules', () => {
  it('a changed response resets the multiplier', async () => {
    // unchanged, unchanged, unchanged (→ step 3: 2×), changed (→ step 0), unchanged
    const { poller, gaps } = setup([false, false, false, true, false]);
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * (1 + 1 + 2 + 2 + 1 + 1));
    expect(gaps()).toEqual([1, 1, 2, 2, 1, 1].map((m) => m * F));
  });

  it('input resets the back-off and brings a later poll forward', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * (1 + 1 + 2 + 2)); // 4 polls; next is 4× away
    expect(calls).toHaveLength(4);
    expect(poller.currentDelay).toBe(4 * F);
    await vi.advanceTimersByTimeAsync(1000);
    poller.input();
    expect(poller.backoffStep).toBe(0);
    await vi.advanceTimersByTimeAsync(F - 1);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(5);
    expect(calls[4]!.at - calls[3]!.at).toBe(1000 + F);
  });

  it('input does not postpone a poll that is already due sooner', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F - 100);
    poller.input();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
  });

  it('a change of frequency resets the back-off', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * 4); // polls at 1,2,4 F → step 3
    expect(poller.backoffStep).toBe(3);
    poller.setFrequency(5000);
    expect(poller.backoffStep).toBe(0);
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.length).toBe(before + 1);
  });

  it('typing resets and polls at once, then at most once per 30000 ms', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, conversationOpen: true });
    await vi.advanceTimersByTimeAsync(1000);
    poller.typing();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.at)).toEqual([1000]);
    // more typing within 30 s: no immediate poll, only the regular schedule (reset to 1×)
    for (let t = 0; t < 10; t++) {
      await vi.advanceTimersByTimeAsync(2000);
      poller.typing();
    }
    // at 21000 the last typing; the regular poll came at 1000 + F = 16000
    expect(calls.map((c) => c.at)).toEqual([1000, 16000]);
    await vi.advanceTimersByTimeAsync(10000); // now 31000: 30 s after the first typing poll
    poller.typing();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.at)).toContain(31000);
    expect(calls.filter((c) => c.at < 31000 && c.at !== 16000)).toHaveLength(1);
  });

  it('switching from the inbox to a conversation resets and uses the conversation table', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * 4);
    expect(poller.backoffStep).toBe(3);
    poller.setState({ conversationOpen: true });
    expect(poller.backoffStep).toBe(0);
    await vi.advanceTimersByTimeAsync(F);
    expect(calls.at(-1)?.mode).toBe('conversation');
  });
});

describe('stop rules', () => {
  it('stops after more than 3 consecutive errors (the 4th)', async () => {
    const e = new Error('offline');
    const { poller, calls, onStop } = setup([e, e, e, e, false]);
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * 3);
    expect(calls).toHaveLength(3);
    expect(poller.stoppedByErrors).toBe(false);
    await vi.advanceTimersByTimeAsync(F);
    expect(calls).toHaveLength(4);
    expect(poller.stoppedByErrors).toBe(true);
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(poller.running).toBe(false);
    await vi.advanceTimersByTimeAsync(F * 100);
    poller.input();
    poller.typing();
    await vi.advanceTimersByTimeAsync(F * 100);
    expect(calls).toHaveLength(4);
  });

  it('errors keep the delay; a success clears the error count', async () => {
    const e = new Error('x');
    const { poller, calls, gaps } = setup([e, e, e, false, e, e, e, false]);
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * 8);
    expect(calls).toHaveLength(8);
    expect(gaps()).toEqual(Array(4).fill(F).concat([F, F, F, F]));
    expect(poller.stoppedByErrors).toBe(false);
    expect(poller.consecutiveErrors).toBe(0);
  });

  it('restart() and re-enabling start again after an error stop', async () => {
    const e = new Error('x');
    const { poller, calls } = setup([e, e, e, e, e, e, e, e]);
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F * 4);
    expect(poller.stoppedByErrors).toBe(true);
    poller.restart();
    await vi.advanceTimersByTimeAsync(F * 4);
    expect(calls).toHaveLength(8);
    expect(poller.stoppedByErrors).toBe(true);
    poller.setState({ inboxOpen: false });
    poller.setState({ inboxOpen: true });
    expect(poller.stoppedByErrors).toBe(false);
    await vi.advanceTimersByTimeAsync(F);
    expect(calls).toHaveLength(9);
  });

  it('stops when disabled and ignores the answer of a poll in flight', async () => {
    let release: (v: boolean) => void = () => {};
    const calls: number[] = [];
    const poller = new Poller({
      poll: () => {
        calls.push(Date.now());
        return new Promise<boolean>((r) => (release = r));
      },
    });
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    await vi.advanceTimersByTimeAsync(F);
    expect(calls).toHaveLength(1);
    poller.setState({ inboxOpen: false });
    release(false);
    await vi.advanceTimersByTimeAsync(F * 10);
    expect(calls).toHaveLength(1);
    expect(poller.running).toBe(false);
  });

  it('dispose stops for good', async () => {
    const { poller, calls } = setup();
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    poller.dispose();
    poller.setState({ conversationOpen: true });
    await vi.advanceTimersByTimeAsync(F * 10);
    expect(calls).toHaveLength(0);
  });
});

describe('injected timers', () => {
  it('works with a hand-rolled clock', async () => {
    let now = 0;
    const pending: { at: number; fn: () => void }[] = [];
    const poll = vi.fn(async () => false);
    const poller = new Poller({
      poll,
      timers: {
        now: () => now,
        setTimeout: (fn, ms) => {
          const t = { at: now + ms, fn };
          pending.push(t);
          return t;
        },
        clearTimeout: (id) => {
          const i = pending.indexOf(id as (typeof pending)[number]);
          if (i >= 0) pending.splice(i, 1);
        },
      },
    });
    poller.setState({ verifiedEmail: true, inboxOpen: true });
    expect(pending.map((p) => p.at)).toEqual([F]);
    now = F;
    pending.shift()!.fn();
    await Promise.resolve();
    await Promise.resolve();
    expect(poll).toHaveBeenCalledWith('inbox');
    expect(pending.map((p) => p.at)).toEqual([2 * F]);
  });
});
