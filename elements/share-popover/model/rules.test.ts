import { describe, expect, it } from 'vitest';
import {
  SHARE_PREF_MAX_AGE_S,
  canSendPostMessage,
  cancelAction,
  emailShareMode,
  escapeAction,
  popupFeatures,
  readSharePreference,
  sharePreferenceCookie,
  shareWindowUrl,
  isPopoverEmail,
  isShareEmail,
  isShareMessage,
  mailtoUrl,
  parseShareData,
  sendPostShareRows,
  shareOptions,
  shortMessageState,
  tweetState,
} from './rules';

const RAW = {
  post_id: '12',
  tumblelog_name: 'bob',
  post_url: 'http://x/blog/bob/post/12',
  post_tiny_url: 'http://x/p/12',
  embed_code: '<div>embed</div>',
  abuse_url: '/abuse/12',
  has_user: true,
  is_private: false,
  pinterest_share_window: { url: 'https://pin.example/?u=1', name: 'pin', dimensions: '750x550' },
  show_email: true,
  show_twitter: true,
  show_facebook: true,
  show_pinterest: true,
  show_reddit: true,
  show_embed: true,
  show_permalink: true,
  show_flagging: false,
  show_reporting_links: true,
};

describe('share data', () => {
  it('unwraps response.share_popover_data and needs a post id and a blog name', () => {
    expect(parseShareData({ response: { share_popover_data: RAW } })?.postId).toBe('12');
    expect(parseShareData({ share_popover_data: RAW })?.blogName).toBe('bob');
    expect(parseShareData(RAW)?.pinterest).toEqual({ url: 'https://pin.example/?u=1', name: 'pin', width: 750, height: 550 });
    expect(parseShareData({ ...RAW, post_id: '' })).toBeNull();
    expect(parseShareData({ ...RAW, tumblelog_name: undefined })).toBeNull();
    expect(parseShareData('nope')).toBeNull();
  });
});

describe('which options show', () => {
  const data = parseShareData(RAW)!;
  it('every option with its show flag and switch, in order; "Share via…" only with a share sheet', () => {
    expect(shareOptions(data, { embed: true, reddit: true }, true)).toEqual([
      'native',
      'copy-link',
      'email',
      'twitter',
      'facebook',
      'pinterest',
      'reddit',
      'embed',
      'permalink',
      'report',
    ]);
    expect(shareOptions(data, { embed: false, reddit: false }, false)).toEqual([
      'copy-link',
      'email',
      'twitter',
      'facebook',
      'pinterest',
      'permalink',
      'report',
    ]);
  });
  it('a flag off hides its option; a private post shows none', () => {
    const d = parseShareData({ ...RAW, show_twitter: false, show_reporting_links: false })!;
    expect(shareOptions(d, { embed: true, reddit: true }, false)).not.toContain('twitter');
    expect(shareOptions(d, { embed: true, reddit: true }, false)).not.toContain('report');
    expect(shareOptions(parseShareData({ ...RAW, is_private: true })!, { embed: true, reddit: true }, true)).toEqual([]);
  });
});

describe('e-mail', () => {
  it('the post popover rule: text @ text . text, at most 100', () => {
    expect(isShareEmail('a@b.c')).toBe(true);
    expect(isShareEmail('a@b')).toBe(false);
    expect(isShareEmail('a b@c.d')).toBe(false);
    expect(isShareEmail(`${'a'.repeat(95)}@b.cd`)).toBe(true);
    expect(isShareEmail(`${'a'.repeat(96)}@b.cd`)).toBe(false);
  });
  it('the send-a-post popover rule: a 2–20 letter ending, a domain starting alphanumeric', () => {
    expect(isPopoverEmail('first.last+tag@example.co')).toBe(true);
    expect(isPopoverEmail('a@-bad.com')).toBe(false);
    expect(isPopoverEmail('a@b.c')).toBe(false);
    expect(isPopoverEmail('a@b.c1')).toBe(false);
  });
  it('a message of at most 255; mailto when logged out and not a blog share', () => {
    expect(isShareMessage('x'.repeat(255))).toBe(true);
    expect(isShareMessage('x'.repeat(256))).toBe(false);
    expect(emailShareMode({ hasUser: false, blogShare: false })).toBe('mailto');
    expect(emailShareMode({ hasUser: false, blogShare: true })).toBe('form');
    expect(emailShareMode({ hasUser: true, blogShare: false })).toBe('form');
    expect(mailtoUrl('http://x/p/1', 'A post')).toBe('mailto:?subject=A%20post&body=http%3A%2F%2Fx%2Fp%2F1');
  });
});

describe('the short-message network', () => {
  it('post popover: [URL] counts 24, warning under 10, invalid over the limit or with all 140 left', () => {
    expect(tweetState('')).toEqual({ remaining: 140, warning: false, valid: false });
    expect(tweetState('hi [URL]')).toEqual({ remaining: 140 - 3 - 24, warning: false, valid: true });
    expect(tweetState('x'.repeat(131))).toMatchObject({ remaining: 9, warning: true, valid: true });
    expect(tweetState('x'.repeat(141))).toMatchObject({ remaining: -1, valid: false });
  });
  it('send-a-post popover: a URL counts 23; more than 0 and at most 140', () => {
    expect(shortMessageState('')).toMatchObject({ valid: false, exceeded: false });
    expect(shortMessageState('see https://example.com/a/long/path/that/goes/on')).toMatchObject({ remaining: 140 - 4 - 23, valid: true });
    expect(shortMessageState('x'.repeat(141))).toMatchObject({ remaining: -1, exceeded: true, valid: false });
  });
});

describe('the views: Escape and Cancel (authoring spec §4, messaging spec §4)', () => {
  it('Escape goes back from a sub-view, closes once the share succeeded, and closes from the options', () => {
    expect(escapeAction('email', 'idle')).toBe('back');
    expect(escapeAction('twitter', 'error')).toBe('back');
    expect(escapeAction('email', 'sending')).toBe('back');
    expect(escapeAction('email', 'sent')).toBe('close');
    expect(escapeAction('message-short', 'sent')).toBe('close');
    expect(escapeAction('options', 'idle')).toBe('close');
  });
  it('Cancel first clears a typed e-mail address, then goes back', () => {
    expect(cancelAction('email', 'bob@example.com')).toBe('clear-email');
    expect(cancelAction('email', '')).toBe('back');
    expect(cancelAction('twitter', 'anything')).toBe('back');
  });
});

describe('popup windows', () => {
  it("the networks' share pages, or the page's own stand-ins", () => {
    expect(shareWindowUrl('twitter', 'http://x/p/1')).toBe('https://twitter.com/intent/tweet?url=http%3A%2F%2Fx%2Fp%2F1');
    expect(shareWindowUrl('reddit', 'http://x/p/1', '', 'http://demo/__demo/share-window/reddit')).toBe(
      'http://demo/__demo/share-window/reddit?url=http%3A%2F%2Fx%2Fp%2F1',
    );
    expect(shareWindowUrl('facebook', 'u')).toBe('https://www.facebook.com/sharer/sharer.php?u=u');
  });
  it("sized as asked and centred on the page's screen, never off its top-left", () => {
    expect(popupFeatures({ width: 550, height: 420 }, { left: 100, top: 50, width: 1550, height: 1020 })).toBe(
      'popup=yes,width=550,height=420,left=600,top=350',
    );
    expect(popupFeatures({ width: 860, height: 600 }, { left: 0, top: 0, width: 400, height: 300 })).toBe(
      'popup=yes,width=860,height=600,left=0,top=0',
    );
  });
});

describe('the share preference cookie (one year)', () => {
  it('round-trips the reply-to switch, defaults to on, and ignores a cookie it cannot read', () => {
    const cookie = sharePreferenceCookie({ replyTo: false });
    expect(cookie).toContain(`Max-Age=${SHARE_PREF_MAX_AGE_S}`);
    expect(SHARE_PREF_MAX_AGE_S).toBe(31536000);
    const pair = cookie.split(';')[0]!;
    expect(readSharePreference(`a=1; ${pair}; b=2`)).toEqual({ replyTo: false });
    expect(readSharePreference('')).toEqual({ replyTo: true });
    expect(readSharePreference('tl_share_pref=%7Bnot json')).toEqual({ replyTo: true });
    expect(readSharePreference('tl_share_pref=%7B%22replyTo%22%3A%22yes%22%7D')).toEqual({ replyTo: true });
  });
});

describe('sending a post as a message (messaging spec §4)', () => {
  const ok = { sending: false, disabled: false, senderUuid: 't:me', recipientUuid: 't:bob' };
  it("is blocked while sending, while disabled, without a recipient, and to the sender's own blog", () => {
    expect(canSendPostMessage(ok)).toBe(true);
    expect(canSendPostMessage({ ...ok, sending: true })).toBe(false);
    expect(canSendPostMessage({ ...ok, disabled: true })).toBe(false);
    expect(canSendPostMessage({ ...ok, recipientUuid: null })).toBe(false);
    expect(canSendPostMessage({ ...ok, senderUuid: null })).toBe(false);
    expect(canSendPostMessage({ ...ok, recipientUuid: 't:me' })).toBe(false);
  });
  it("the share data carries the post's blog uuid when the server sends it", () => {
    expect(parseShareData({ ...RAW, tumblelog_uuid: 't:abc' })?.blogUuid).toBe('t:abc');
    expect(parseShareData(RAW)?.blogUuid).toBe('');
  });
});

describe('sendPostShareRows (messaging spec §6)', () => {
  const data = parseShareData({
    post_id: '1',
    tumblelog_name: 'bob',
    post_url: 'https://example.com/post/1',
    embed_code: '<iframe></iframe>',
    abuse_url: 'https://example.com/abuse',
    show_email: true,
    show_twitter: true,
    show_facebook: true,
    show_reddit: true,
    show_pinterest: false,
  })!;
  const switches = { embed: true, reddit: true };

  it('the external networks row follows messaging_external_sharing (on unless explicitly false)', () => {
    expect(sendPostShareRows(data, switches, {}).networks).toEqual(['twitter', 'facebook', 'reddit', 'email']);
    expect(sendPostShareRows(data, switches, { messaging_external_sharing: false }).networks).toEqual([]);
  });

  it('permalink, embed and report appear whatever the switch and the show flags say, when the post has what each needs', () => {
    const off = sendPostShareRows(data, { embed: false, reddit: false }, { messaging_external_sharing: false });
    expect(off.extras).toEqual(['permalink', 'embed', 'report']);
    expect(sendPostShareRows({ ...data, embedCode: '', abuseUrl: '' }, switches, {}).extras).toEqual(['permalink']);
    expect(sendPostShareRows({ ...data, isPrivate: true }, switches, {})).toEqual({ networks: [], extras: [] });
  });
});
