/** Media calls (spec authoring-and-media §7 "Media"). */
import { request } from '../../src/api/client';

/**
 * POST /svc/log/conversion, form-encoded: `log` = JSON `{ name, extra }`. The video player
 * sends it once per player, for logged-in users only; a failure is only worth a console line.
 */
export async function logConversion(log: { name: string; extra: Record<string, unknown> }): Promise<void> {
  await request('/svc/log/conversion', { method: 'POST', form: { log: JSON.stringify(log) } });
}
