/** The blog's auto-send settings call (authoring spec §7 "Following, blogs, settings"); it sends the form key. */
import { requestData } from '../../../src/api/client';
import { parseSettingsSaveAnswer, settingsSavePayload, type AutoSend } from '../model/auto-send';

/** POST /settings/save: both flags of `blogName`, as on/off. Answers the settings as saved. */
export function saveAutoSend(blogName: string, settings: AutoSend): Promise<AutoSend> {
  return requestData('/settings/save', { method: 'POST', form: settingsSavePayload(blogName, settings) }, (data) =>
    parseSettingsSaveAnswer(data, blogName),
  );
}
