/**
 * The staff flags this page has changed, by blog: a card reopened within its cache minute (or a
 * second card for the same blog) shows the flags as toggled, not as first loaded.
 */
import { map } from 'nanostores';
import type { StaffFlags } from '../../../src/models/blog';

export const $staffFlags = map<Record<string, StaffFlags>>({});
