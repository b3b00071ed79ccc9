import { requestData } from '../../src/api/client';
import { parseActivity, type ActivityData } from '../../src/models/activity';

/** A blog's notifications and sparkline (GET /svc/data/tumblelog with the activity includes). */
export function fetchActivity(blogName: string, signal?: AbortSignal): Promise<ActivityData> {
  return requestData(
    '/svc/data/tumblelog',
    {
      query: { tumblelog: blogName, include_activity_data: true, include_activity_notifications: true },
      ...(signal ? { signal } : {}),
    },
    (data) => parseActivity(data, blogName),
  );
}
