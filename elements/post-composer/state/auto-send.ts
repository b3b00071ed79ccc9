/**
 * The auto-send settings changed on this page, by blog: the builder data is loaded once per page
 * (form/PostForm.tsx), so a form opened after a change must read the change from here.
 */
import { map } from 'nanostores';
import type { AutoSend } from '../model/auto-send';

export const $autoSend = map<Record<string, AutoSend>>({});
