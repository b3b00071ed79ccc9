/**
 * The blog's auto-send settings, in the post form's options beside the post's own share toggles:
 * one switch per network, "every new post on {blog}". A press shows the new setting at once and
 * saves both flags with POST /settings/save (authoring spec §7); the saved answer is what stays,
 * a failure shows the old setting again and says so. One save at a time (each sends both flags).
 */
import { useState } from 'react';
import { useWidget } from '../../../src/core/widget-context';
import { Events } from '../../../src/core/events';
import { saveAutoSend } from '../api/settings';
import {
  AUTO_SEND_LABELS,
  autoSendDoneText,
  autoSendErrorText,
  autoSendSwitchName,
  type AutoSend,
  type AutoSendNetwork,
} from '../model/auto-send';
import { $autoSend } from '../state/auto-send';

const NETWORKS: readonly AutoSendNetwork[] = ['twitter', 'facebook'];

export function AutoSendSettings({ blogName, settings }: { blogName: string; settings: AutoSend }) {
  const { announce } = useWidget();
  const [busy, setBusy] = useState<AutoSendNetwork | null>(null);
  const [status, setStatus] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);

  const flip = async (network: AutoSendNetwork) => {
    if (busy) return;
    const before = settings;
    const next = { ...settings, [network]: !settings[network] };
    setBusy(network);
    setStatus(null);
    $autoSend.setKey(blogName, next);
    try {
      const saved = await saveAutoSend(blogName, next);
      $autoSend.setKey(blogName, saved);
      announce(Events.autoSendChange, { blogName, ...saved });
      setStatus({ kind: 'done', text: autoSendDoneText(network, saved[network], blogName) });
    } catch {
      $autoSend.setKey(blogName, before);
      setStatus({ kind: 'error', text: autoSendErrorText(network, blogName) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <fieldset className="options__flags auto-send" part="auto-send">
      <legend className="field__label">Every new post on {blogName}</legend>
      {NETWORKS.map((network) => (
        <button
          key={network}
          type="button"
          role="switch"
          className="switch"
          data-network={network}
          aria-checked={settings[network]}
          aria-label={autoSendSwitchName(network, blogName)}
          aria-busy={busy === network || undefined}
          onClick={() => void flip(network)}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          {AUTO_SEND_LABELS[network]}
        </button>
      ))}
      <p className="auto-send__status" role={status?.kind === 'error' ? 'alert' : 'status'} data-kind={status?.kind}>
        {status?.text ?? ''}
      </p>
    </fieldset>
  );
}
