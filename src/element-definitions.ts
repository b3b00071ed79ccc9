import blogHeader from '../elements/blog-header/definition';
import postComposer from '../elements/post-composer/definition';
import fastCompose from '../elements/fast-compose/definition';
import sharePopover from '../elements/share-popover/definition';
import messagingDock from '../elements/messaging-dock/definition';
import activityPopover from '../elements/activity-popover/definition';
import blogCard from '../elements/blog-card/definition';
import peeprDrawer from '../elements/peepr-drawer/definition';
import askForm from '../elements/ask-form/definition';
import gifSearch from '../elements/gif-search/definition';
import videoPlayer from '../elements/video-player/definition';
import type { WidgetDefinition } from './core/widget-definition';

/** The eleven tags of the SDK. */
export const elementDefinitions: readonly WidgetDefinition[] = [
  blogHeader, postComposer, fastCompose, sharePopover, messagingDock, activityPopover,
  blogCard, peeprDrawer, askForm, gifSearch, videoPlayer,
];
