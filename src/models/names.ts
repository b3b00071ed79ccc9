/**
 * What a blog name and a post id from a page or a server look like, checked before either goes
 * into an address, a request or a data attribute (the drawer's marks, the share popover's
 * targets, the links in messages).
 */
const BLOG_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/i;
const POST_ID = /^\d{1,20}$/;

export const isBlogName = (value: string): boolean => BLOG_NAME.test(value);
export const isPostId = (value: string): boolean => POST_ID.test(value);
