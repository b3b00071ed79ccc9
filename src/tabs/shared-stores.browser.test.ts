/**
 * The shared stores across the user's tabs (src/tabs/shared-stores.ts), in each engine: the test
 * plays another tab on the user's BroadcastChannel.
 */
import { expect } from '@open-wc/testing';
import { $session } from '../session/session';
import { $postMarks } from '../post-actions/marks';
import { $following } from '../stores/follows';
import { $blocked } from '../stores/blocks';
import { setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { shareStoresAcrossTabs } from './shared-stores';

interface Heard {
  t: string;
  [field: string]: unknown;
}

describe('stores shared across tabs', () => {
  let other: BroadcastChannel;
  const heard: Heard[] = [];
  before(async () => {
    await setupSession('alice');
    shareStoresAcrossTabs();
    other = new BroadcastChannel(`tumblelog:user:${$session.get().user!.name}`);
    other.onmessage = (event: MessageEvent<Heard>) => heard.push(event.data);
  });
  after(() => other.close());

  it('a like, follow or block made here is told to the other tabs', async () => {
    $postMarks.setKey('9001', { liked: true, reblogged: false });
    $following.setKey('bob', true);
    await waitFor(() => heard.length >= 2, { message: 'the other tab heard nothing' });
    expect(heard.slice(0, 2)).to.deep.include.members([
      { t: 'store-set', from: heard[0]!.from, store: 'post-marks', key: '9001', value: { liked: true, reblogged: false }, scope: null },
      { t: 'store-set', from: heard[0]!.from, store: 'following', key: 'bob', value: true, scope: null },
    ]);
  });

  it('what another tab tells is applied here, once, and not told back; a malformed one is ignored', async () => {
    heard.length = 0;
    other.postMessage({ t: 'store-set', from: 'the-other-tab', store: 'following', key: 'carol', value: true });
    other.postMessage({ t: 'store-set', from: 'the-other-tab', store: 'post-marks', key: '9002', value: { liked: 'yes' } });
    other.postMessage({ t: 'store-set', from: 'the-other-tab', store: 'post-marks', key: '9003', value: { liked: true, reblogged: true } });
    await waitFor(() => $postMarks.get()['9003']?.reblogged === true, { message: 'the other tab’s like never arrived' });
    expect($following.get().carol).to.equal(true);
    expect($postMarks.get()['9002']).to.equal(undefined);
    // a change of our own now: an echo of the above would have been posted before it
    $following.setKey('dave', true);
    await waitFor(() => heard.length > 0, { message: 'our own change was not told' });
    expect(heard.map((m) => m.key)).to.deep.equal(['dave']);
  });

  it('a block is the current blog’s: applied only in tabs acting as the same blog', async () => {
    const current = $session.get().currentChannel;
    other.postMessage({ t: 'store-set', from: 'the-other-tab', store: 'blocked', key: 'spammer', value: true, scope: 'someone-else' });
    other.postMessage({ t: 'store-set', from: 'the-other-tab', store: 'blocked', key: 'troll', value: true, scope: current });
    await waitFor(() => $blocked.get().troll === true, { message: 'the block for this blog never arrived' });
    expect($blocked.get().spammer).to.equal(undefined);
  });
});
