import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '../../../src/errors';
import {
  autoSendDoneText,
  autoSendErrorText,
  autoSendSwitchName,
  parseSettingsSaveAnswer,
  settingsSavePayload,
  startingShareFlags,
} from './auto-send';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/settings-save/${name}.json`, import.meta.url), 'utf8')) as {
    path?: string;
    form?: unknown;
    response?: unknown;
  };

describe('/settings/save (authoring spec §7)', () => {
  it("sends the spec's four fields, the flags as on/off, as in the fixture", () => {
    expect(settingsSavePayload('alice', { twitter: false, facebook: true })).toEqual(fixture('request').form);
    expect(settingsSavePayload('bob', { twitter: true, facebook: false })).toEqual({
      tumblelog_name_or_id: 'bob',
      page: 'blog',
      'tumblelog[facebook_opengraph_send_posts]': 'off',
      'tumblelog[twitter_send_posts]': 'on',
    });
  });

  it('reads the recorded answer: the settings as saved', () => {
    expect(parseSettingsSaveAnswer(fixture('answer').response, 'alice')).toEqual({ twitter: false, facebook: true });
  });

  it.each([
    ['no object', 'ok'],
    ['another blog', { tumblelog: 'bob', twitter_send_posts: true, facebook_opengraph_send_posts: true }],
    ['a flag that is not a boolean', { tumblelog: 'alice', twitter_send_posts: 'on', facebook_opengraph_send_posts: true }],
    ['a flag missing', { tumblelog: 'alice', twitter_send_posts: true }],
  ])('an answer with %s is malformed', (_what, data) => {
    expect(() => parseSettingsSaveAnswer(data, 'alice')).toThrow(MalformedResponse);
  });
});

describe("the post form's share toggles", () => {
  it('a new post and a reblog start from the blog’s settings; an edit keeps its own', () => {
    expect(startingShareFlags('new', { twitter: true, facebook: false })).toEqual({ sendToTwitter: true, sendToFacebook: false });
    expect(startingShareFlags('reblog', { twitter: false, facebook: true })).toEqual({ sendToTwitter: false, sendToFacebook: true });
    expect(startingShareFlags('edit', { twitter: true, facebook: true })).toBeNull();
  });

  it('names and texts', () => {
    expect(autoSendSwitchName('twitter', 'alice')).toBe('Send every new post on alice to Twitter');
    expect(autoSendDoneText('facebook', true, 'alice')).toBe('New posts on alice now go to Facebook.');
    expect(autoSendDoneText('twitter', false, 'alice')).toBe('New posts on alice no longer go to Twitter.');
    expect(autoSendErrorText('twitter', 'alice')).toBe("Couldn't change alice's Twitter setting. Try again.");
  });
});
