/**
 * A blog's auto-send settings: whether its new posts go to Twitter and Facebook by default
 * (authoring spec §3 "Channel": twitter_send_posts, facebook_opengraph_send_posts). The post form
 * starts a new post's "Send to Twitter" / "Share on Facebook" from them, and changes them with
 * POST /settings/save (§7): tumblelog_name_or_id, page, and the two flags as on/off.
 */
import { MalformedResponse } from '../../../src/errors';
import { isRecord } from '../../../src/models/record';

export interface AutoSend {
  twitter: boolean;
  facebook: boolean;
}
export type AutoSendNetwork = keyof AutoSend;

/**
 * The spec's `page`: which settings page the flags belong to. Both are the blog's settings (the
 * page at /settings/blog/{name}), so the post form saves them as that page would.
 */
export const AUTO_SEND_SETTINGS_PAGE = 'blog';

export const AUTO_SEND_FIELDS = {
  facebook: 'tumblelog[facebook_opengraph_send_posts]',
  twitter: 'tumblelog[twitter_send_posts]',
} as const satisfies Record<AutoSendNetwork, string>;

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** The /settings/save form fields (the client adds the form key). Both flags, always. */
export function settingsSavePayload(blogName: string, settings: AutoSend): Record<string, string> {
  return {
    tumblelog_name_or_id: blogName,
    page: AUTO_SEND_SETTINGS_PAGE,
    [AUTO_SEND_FIELDS.facebook]: onOff(settings.facebook),
    [AUTO_SEND_FIELDS.twitter]: onOff(settings.twitter),
  };
}

/**
 * Reads the answer, `{ tumblelog, twitter_send_posts, facebook_opengraph_send_posts }`: the
 * settings as saved. Anything else is malformed (the switches must not show what was not saved).
 */
export function parseSettingsSaveAnswer(data: unknown, blogName: string): AutoSend {
  if (
    !isRecord(data) ||
    data.tumblelog !== blogName ||
    typeof data.twitter_send_posts !== 'boolean' ||
    typeof data.facebook_opengraph_send_posts !== 'boolean'
  ) {
    throw new MalformedResponse(`The settings answer does not say ${blogName}'s auto-send settings`);
  }
  return { twitter: data.twitter_send_posts, facebook: data.facebook_opengraph_send_posts };
}

export const AUTO_SEND_LABELS: Readonly<Record<AutoSendNetwork, string>> = { twitter: 'Twitter', facebook: 'Facebook' };

/** The switch's accessible name (its visible text is the network's name; the group says the rest). */
export function autoSendSwitchName(network: AutoSendNetwork, blogName: string): string {
  return `Send every new post on ${blogName} to ${AUTO_SEND_LABELS[network]}`;
}

export function autoSendDoneText(network: AutoSendNetwork, on: boolean, blogName: string): string {
  return on
    ? `New posts on ${blogName} now go to ${AUTO_SEND_LABELS[network]}.`
    : `New posts on ${blogName} no longer go to ${AUTO_SEND_LABELS[network]}.`;
}

export function autoSendErrorText(network: AutoSendNetwork, blogName: string): string {
  return `Couldn't change ${blogName}'s ${AUTO_SEND_LABELS[network]} setting. Try again.`;
}

/**
 * What a post's own "Send to Twitter" / "Share on Facebook" start as: a new post or a reblog takes
 * its blog's settings; an edit keeps what the post was saved with.
 */
export function startingShareFlags(
  mode: 'new' | 'edit' | 'reblog',
  settings: AutoSend,
): { sendToTwitter: boolean; sendToFacebook: boolean } | null {
  return mode === 'edit' ? null : { sendToTwitter: settings.twitter, sendToFacebook: settings.facebook };
}
