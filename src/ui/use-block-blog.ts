/**
 * Blocking a blog as the current blog, from a card's menu or the drawer's header (authoring spec
 * §4 "Follow and block", §8): the spec's confirmation (Block / Nevermind, with its note), POST
 * /svc/block/add, the blog no longer followed in the follows store, `tl-block-change`, and a
 * notice either way. `asking` hears when the confirmation opens and when it is answered (a card
 * stays open meanwhile). useUnblockBlog undoes it (POST /svc/block/remove), with no confirmation:
 * unblocking takes nothing away.
 */
import { useCallback } from 'react';
import { blockBlog, unblockBlog } from '../api/block';
import { useWidget } from '../core/widget-context';
import { Events } from '../core/events';
import { BLOCK_CONFIRM_NOTE, blockConfirmText } from '../models/blog';
import { $session } from '../session/session';
import { $following } from '../stores/follows';
import { $blocked } from '../stores/blocks';
import { useConfirm } from './ConfirmQueue';

export function useBlockBlog(setNotice: (text: string) => void, asking?: (open: boolean) => void): (blogName: string) => Promise<void> {
  const { announce } = useWidget();
  const confirm = useConfirm();
  return useCallback(
    async (blogName: string) => {
      const session = $session.get();
      const currentBlog = session.currentChannel ?? session.user?.primary ?? '';
      asking?.(true);
      const ok = await confirm({
        kind: 'confirm',
        message: blockConfirmText(blogName, currentBlog),
        note: BLOCK_CONFIRM_NOTE,
        okText: 'Block',
        cancelText: 'Nevermind',
        danger: true,
      });
      asking?.(false);
      if (!ok) return;
      try {
        await blockBlog(currentBlog, blogName);
        $following.setKey(blogName, false);
        $blocked.setKey(blogName, true);
        announce(Events.blockChange, { blogName, blockedBy: currentBlog, blocked: true });
        setNotice(`${blogName} is blocked.`);
      } catch {
        setNotice(`Couldn't block ${blogName}. Try again.`);
      }
    },
    [announce, confirm, setNotice, asking],
  );
}

export function useUnblockBlog(setNotice: (text: string) => void): (blogName: string) => Promise<void> {
  const { announce } = useWidget();
  return useCallback(
    async (blogName: string) => {
      const session = $session.get();
      const currentBlog = session.currentChannel ?? session.user?.primary ?? '';
      try {
        await unblockBlog(currentBlog, blogName);
        $blocked.setKey(blogName, false);
        announce(Events.blockChange, { blogName, blockedBy: currentBlog, blocked: false });
        setNotice(`${blogName} is unblocked.`);
      } catch {
        setNotice(`Couldn't unblock ${blogName}. Try again.`);
      }
    },
    [announce, setNotice],
  );
}
