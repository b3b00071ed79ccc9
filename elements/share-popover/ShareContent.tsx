/**
 * What the popover holds for one post: its share data (loaded once per post while the page lives),
 * then the share options or the send-a-post panel. A failed load says so, with Retry.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { fetchShareData } from './api';
import type { ShareData } from './model/rules';
import { SHARE_TEXT } from './model/rules';
import { useRemote } from '../../src/ui/use-remote';
import { ErrorState } from '../../src/ui/ErrorState';
import { Loader } from '../../src/ui/Loader';
import { $session } from '../../src/session/session';
import { messagingChannels } from '../../src/messaging/sender';
import type { ShareTarget } from './targets';
import { SharePanel } from './SharePanel';
import { SendPostPanel } from './SendPostPanel';

/** Share data per viewer and post for the page's life (it does not change while a page is open). */
const cache = new Map<string, ShareData>();

export interface ShareContentProps {
  target: ShareTarget;
  onClose: (returnFocus: boolean) => void;
  onDirty: (dirty: boolean) => void;
  onShared: (network: string) => void;
}

export function ShareContent({ target, onClose, onDirty, onShared }: ShareContentProps) {
  const session = useStore($session);
  const [mode, setMode] = useState(target.mode);
  // Per viewer: what the data offers (linked accounts, e-mail by form, flagging) is the user's.
  const key = `${session.user?.name ?? ''}:${target.blogName}/${target.postId}`;
  const remote = useRemote(
    key,
    async (k, signal) => {
      const data = await fetchShareData(target.blogName, target.postId, signal);
      cache.set(k, data);
      return data;
    },
    { cached: (k) => cache.get(k) },
  );
  const canMessage = Boolean(session.user?.can_message) && messagingChannels(session.channels).length > 0;

  // Retry keeps the error in view, its button saying 'Retrying...' (messaging spec §8).
  if (remote.status === 'loading' && remote.attempt > 0) {
    return <ErrorState message={SHARE_TEXT.screwy} onRetry={remote.retry} retrying="Retrying..." />;
  }
  if (remote.status === 'loading') {
    return (
      <div className="state" part="loading">
        <Loader label="Loading share options" />
      </div>
    );
  }
  if (remote.status === 'error') {
    return <ErrorState message={SHARE_TEXT.screwy} onRetry={remote.retry} />;
  }
  const data = remote.data;
  if (mode === 'message' && canMessage && !data.isPrivate && !data.blogShare) {
    return <SendPostPanel data={data} onClose={onClose} onDirty={onDirty} onShared={onShared} />;
  }
  return <SharePanel data={data} canMessage={canMessage} onMessageMode={() => setMode('message')} onClose={onClose} onShared={onShared} />;
}
