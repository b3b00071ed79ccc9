/**
 * Each tag's registration, by tag, for src/bundler-loader.ts: every import written out, so an app's
 * bundler (Vite, webpack, esbuild) sees each file the loader may ask for and builds it. The
 * `<script>` loader (src/loader.ts) builds the path from the tag instead, 60 bytes gzip less on
 * every page. scripts/contract.mjs checks that this list and src/elements.ts name the same folders.
 */
export const ELEMENT_MODULES: Record<string, () => Promise<unknown>> = {
  'blog-header': () => import('../elements/blog-header/index'),
  'post-composer': () => import('../elements/post-composer/index'),
  'fast-compose': () => import('../elements/fast-compose/index'),
  'share-popover': () => import('../elements/share-popover/index'),
  'messaging-dock': () => import('../elements/messaging-dock/index'),
  'activity-popover': () => import('../elements/activity-popover/index'),
  'blog-card': () => import('../elements/blog-card/index'),
  'peepr-drawer': () => import('../elements/peepr-drawer/index'),
  'ask-form': () => import('../elements/ask-form/index'),
  'gif-search': () => import('../elements/gif-search/index'),
  'video-player': () => import('../elements/video-player/index'),
};
