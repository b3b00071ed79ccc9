/** Notices the dock shows before any of its lazy parts is in (its closed state, MessagingDock.tsx). */

/** Ours (the spec has no session end): stays up until the session holds again; drafts stay. */
export const SESSION_ENDED_NOTICE = "You're logged out, so new messages can't arrive here. Log in again to keep messaging.";

/** The Retry's text while a part of the dock loads again (messaging spec §8: 'Retrying...'). */
export const PART_RETRYING_LABEL = 'Retrying...';
