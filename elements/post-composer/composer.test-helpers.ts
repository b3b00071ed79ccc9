/**
 * What the post-composer test files share: a fresh server and alice's session for every test, and
 * the form of a type opened in a mounted <post-composer>, enabled and done animating.
 */
import './index';
import { closeComposer, openComposerFor } from '../../src/stores/composer';
import type { PostType } from '../../src/models/post-types';
import { cleanup, mount, shadow, shadowAll } from '../../tests/helpers/dom';
import { clearFaults, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

export type ComposerHost = HTMLElement & { ready: Promise<void> };

/** Call inside a describe: every test starts from the seed, signed in as alice, with no drafts. */
export function freshComposerEachTest(): void {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
    localStorage.clear();
  });
  afterEach(async () => {
    closeComposer();
    cleanup();
    await clearFaults();
  });
}

/**
 * Waits until the container's fade to the form is over: the final state set and the frame fully
 * opaque (the CSS transition may not have started yet when only running animations are checked),
 * so an axe check sees the final colours.
 */
export async function settled(host: Element): Promise<void> {
  await waitFor(
    () => shadowAll(host, '[data-transition]').every((el) => el.dataset.transition === 'post-form' && getComputedStyle(el).opacity === '1'),
    { message: 'the container transition did not finish' },
  );
  await waitFor(() =>
    [...(host.shadowRoot?.querySelectorAll('dialog, section') ?? [])].every((el) =>
      el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'),
    ),
  );
}

/** Mounts <post-composer update-url="false"> and opens a new post of `type`, enabled and settled. */
export async function openNewPost(type: PostType): Promise<ComposerHost> {
  const host = mount<ComposerHost>('<post-composer update-url="false"></post-composer>');
  await host.ready;
  openComposerFor({ mode: 'new', type }, 'test');
  await waitFor(() => shadow(host, 'form.post-form:not([inert])'), { message: 'the form never became enabled', timeout: 15_000 });
  await settled(host);
  return host;
}
