import { requestData } from '../../src/api/client';
import { parseActivity, type ActivityData } from '../../src/models/activity';

/** A blog's notifications and sparkline (GET /svc/data/tumblelog with the activity includes). */
export function fetchActivity(blogName: string, signal?: AbortSignal): Promise<ActivityData> {
  return requestData(
    '/svc/data/tumblelog',
    {
      query: { tumblelog: blogName, include_activity_data: true, include_activity_notifications: true },
      // Authoring spec §7: every call sends the form key unless stated (a GET sends it when there is one).
      formKey: true,
      ...(signal ? { signal } : {}),
    },
    (data) => parseActivity(data, blogName),
  );
}
