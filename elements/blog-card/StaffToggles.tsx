/**
 * The card's staff toggles (authoring spec §6 "Staff-type toggles", §7): one pressed/unpressed
 * button per flag, for staff only. A press shows the new state at once and sends POST
 * /{flag}/toggle; the server's answer is the state shown after; a failure shows the old state
 * again and says so in the card's notice. Suspending asks first.
 */
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { ApiError } from '../../src/errors';
import { STAFF_FLAGS, type StaffFlag, type StaffFlags } from '../../src/models/blog';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { toggleStaffFlag } from './api';
import {
  STAFF_FLAG_LABELS,
  SUSPEND_CONFIRM_NOTE,
  needsStaffConfirm,
  staffToggleDoneText,
  staffToggleErrorText,
  suspendConfirmText,
} from './model/staff';
import { $staffFlags } from './state/staff-flags';

interface StaffTogglesProps {
  blogName: string;
  /** The flags as the card's data has them (the page's own changes win, from $staffFlags). */
  loaded: StaffFlags;
  setNotice: (text: string) => void;
  /** Told when the confirmation opens and closes (the card stays open meanwhile). */
  onPinned: (pinned: boolean) => void;
}

export function StaffToggles({ blogName, loaded, setNotice, onPinned }: StaffTogglesProps) {
  const { announce } = useWidget();
  const confirm = useConfirm();
  const changed = useStore($staffFlags, { keys: [blogName] })[blogName];
  const flags = changed ?? loaded;
  const [busy, setBusy] = useState<ReadonlySet<StaffFlag>>(new Set());
  const headingId = useId();
  const current = () => $staffFlags.get()[blogName] ?? loaded;

  const toggle = async (flag: StaffFlag) => {
    if (busy.has(flag)) return;
    const before = flags[flag];
    const next = !before;
    if (needsStaffConfirm(flag, next)) {
      onPinned(true);
      const ok = await confirm({
        kind: 'confirm',
        message: suspendConfirmText(blogName),
        note: SUSPEND_CONFIRM_NOTE,
        okText: 'Suspend',
        cancelText: 'Nevermind',
        danger: true,
      });
      onPinned(false);
      if (!ok) return;
    }
    setNotice('');
    setBusy((b) => new Set(b).add(flag));
    $staffFlags.setKey(blogName, { ...current(), [flag]: next });
    try {
      const answer = await toggleStaffFlag(blogName, flag);
      // The server's word is the state: another staff member may have toggled it meanwhile.
      $staffFlags.setKey(blogName, answer.flags ?? { ...current(), [flag]: answer.on });
      announce(Events.staffFlagChange, { blogName, flag, on: answer.on });
      setNotice(staffToggleDoneText(flag, answer.on, blogName));
    } catch (error) {
      $staffFlags.setKey(blogName, { ...current(), [flag]: before });
      setNotice(staffToggleErrorText(flag, next, blogName, error instanceof ApiError && error.kind === 'forbidden'));
    } finally {
      setBusy((b) => {
        const left = new Set(b);
        left.delete(flag);
        return left;
      });
    }
  };

  return (
    <section className="staff" part="staff" aria-labelledby={headingId}>
      <h3 className="staff__title" id={headingId}>
        Staff<span className="tl-visually-hidden"> toggles for {blogName}</span>
      </h3>
      <div className="staff__toggles">
        {STAFF_FLAGS.map((flag) => (
          <button
            key={flag}
            type="button"
            className="staff__toggle"
            data-flag={flag}
            aria-pressed={flags[flag]}
            aria-busy={busy.has(flag) || undefined}
            onClick={() => void toggle(flag)}
          >
            <span className="staff__check" aria-hidden="true">
              ✓
            </span>
            {STAFF_FLAG_LABELS[flag]}
          </button>
        ))}
      </div>
    </section>
  );
}
