/** The blog card's own calls (the follow, block and blog-data calls are shared, in src/api/). */
import { requestData } from '../../src/api/client';
import type { StaffFlag } from '../../src/models/blog';
import { parseStaffToggleAnswer, staffTogglePath, staffTogglePayload, type StaffToggleAnswer } from './model/staff';

/** POST /{flag}/toggle with `tumblelog` and the form key (authoring spec §7): the flag's new state. */
export function toggleStaffFlag(blogName: string, flag: StaffFlag): Promise<StaffToggleAnswer> {
  return requestData(staffTogglePath(flag), { method: 'POST', form: staffTogglePayload(blogName) }, (data) =>
    parseStaffToggleAnswer(data, blogName, flag),
  );
}
