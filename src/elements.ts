/**
 * The list of the SDK's elements: the one place `src/` names them. The loader needs only the tags
 * (it imports no element code until it meets a tag on the page); the typed event path needs the
 * contracts' types (type-only imports, erased from every bundle). scripts/contract.mjs checks that
 * this list matches the folders under elements/.
 */
import type { contract as activityPopover } from '../elements/activity-popover/contract';
import type { contract as askForm } from '../elements/ask-form/contract';
import type { contract as blogCard } from '../elements/blog-card/contract';
import type { contract as blogHeader } from '../elements/blog-header/contract';
import type { contract as fastCompose } from '../elements/fast-compose/contract';
import type { contract as gifSearch } from '../elements/gif-search/contract';
import type { contract as messagingDock } from '../elements/messaging-dock/contract';
import type { contract as peeprDrawer } from '../elements/peepr-drawer/contract';
import type { contract as postComposer } from '../elements/post-composer/contract';
import type { contract as sharePopover } from '../elements/share-popover/contract';
import type { contract as videoPlayer } from '../elements/video-player/contract';

/** One string, split at run time: fewer bytes in the loader than an array literal. */
export const TAGS =
  'blog-header post-composer fast-compose share-popover messaging-dock activity-popover blog-card peepr-drawer ask-form gif-search video-player'.split(
    ' ',
  );

/** Every element's contract type, by tag. */
export interface Contracts {
  'activity-popover': typeof activityPopover;
  'ask-form': typeof askForm;
  'blog-card': typeof blogCard;
  'blog-header': typeof blogHeader;
  'fast-compose': typeof fastCompose;
  'gif-search': typeof gifSearch;
  'messaging-dock': typeof messagingDock;
  'peepr-drawer': typeof peeprDrawer;
  'post-composer': typeof postComposer;
  'share-popover': typeof sharePopover;
  'video-player': typeof videoPlayer;
}
