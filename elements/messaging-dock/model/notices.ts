/** Notices the dock shows before any of its lazy parts is in (its closed state, MessagingDock.tsx). */

/** Ours (the spec has no session end): stays up until the session holds again; drafts stay. */
export const SESSION_ENDED_NOTICE = "You're logged out, so new messages can't arrive here. Log in again to keep messaging.";

/**
 * A part of the dock that could not load (offline, a deploy that removed its chunk): the spec's
 * generic error with Retry (messaging spec §8), here rather than imported from the conversation
 * model, which lives in the engine's chunk.
 */
export const PART_FAILED_NOTICE = 'Something went screwy.';
export const PART_RETRYING_LABEL = 'Retrying...';
/** After a second failure: some engines keep a failed module fetch for the page's life. */
export const PART_FAILED_AGAIN_NOTICE = 'Something went screwy. Reload the page to try again.';
