/**
 * The reference server mounted in the web-test-runner dev server: same-origin `/svc/...` calls
 * from the package's API client reach it, with the session cookie and the form key.
 */
import { expect } from '@open-wc/testing';
import { request } from './client';
import { ApiError } from '../errors';
import { $session, configure } from '../session/session';
import { dbRows, formKeyFromServer, injectFault, resetServer, setupSession } from '../../tests/helpers/server';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const follows = (from: string, to: string) => dbRows('follows', { follower_blog: from, followed_blog: to });

describe('reference server in the test runner', () => {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
  });

  it('POST /__demo/reset re-seeds the database', async () => {
    const seeded = await resetServer();
    expect(seeded.users).to.be.greaterThanOrEqual(3);
    expect(seeded.posts).to.be.greaterThan(100);
    expect(await follows('alice', 'bob')).to.have.length(1);
  });

  it('setupSession() mirrors the server bootstrap for the user and its form key', async () => {
    const bob = await setupSession('bob');
    const session = $session.get();
    expect(session.user?.name).to.equal('bob');
    expect(session.channels.map((c) => c.name)).to.include('bob');
    expect(session.apiBase).to.equal('');
    expect(session.formKey).to.equal(bob.formKey);
    expect(await formKeyFromServer()).to.equal(bob.formKey);

    const alice = await setupSession('alice');
    expect($session.get().user?.name).to.equal('alice');
    expect($session.get().channels.map((c) => c.name)).to.include.members(['alice', 'alice-sketches']);
    expect(alice.formKey).not.to.equal(bob.formKey);
  });

  it('the API client reaches /svc on the same origin and the change is persisted', async () => {
    expect(await follows('alice', 'bob')).to.have.length(1);
    const unfollowed = (await request('/svc/unfollow', { form: { tumblelog: 'bob' } })) as { response: { following: boolean } };
    expect(unfollowed.response.following).to.equal(false);
    expect(await follows('alice', 'bob')).to.have.length(0);
    await request('/svc/follow', { form: { tumblelog: 'bob' } });
    expect(await follows('alice', 'bob')).to.have.length(1);
  });

  it('a wrong form key is refused with 403', async () => {
    configure({ formKey: 'not-the-key' });
    const error = await failure(request('/svc/unfollow', { form: { tumblelog: 'bob' } }));
    expect(error.kind).to.equal('forbidden');
    expect(error.status).to.equal(403);
    expect(await follows('alice', 'bob')).to.have.length(1);
  });

  it('injected faults fire for the next N calls only', async () => {
    await injectFault('/svc/unfollow', 500, 1);
    expect((await failure(request('/svc/unfollow', { form: { tumblelog: 'bob' } }))).kind).to.equal('server');
    expect(await follows('alice', 'bob')).to.have.length(1);
    await injectFault('/svc/tumblelog_popover/bob', 'malformed', 1);
    expect((await failure(request('/svc/tumblelog_popover/bob'))).kind).to.equal('malformed');
    const popover = (await request('/svc/tumblelog_popover/bob')) as { response: { name?: string } };
    expect(popover.response.name).to.equal('bob');
  });

  it('logged out, a follow is 401', async () => {
    await setupSession('anonymous');
    expect($session.get().user).to.equal(null);
    const error = await failure(request('/svc/follow', { form: { tumblelog: 'bob' } }));
    expect(error.kind).to.equal('unauthorized');
  });
});
