/** The viewer's volume, remembered across pages in localStorage (guarded: storage may be off or full). */
import { clampVolume } from '../../src/models/video-player';

export const VOLUME_STORAGE_KEY = 'tl-video-player:volume';

export interface VolumePreference {
  volume: number;
  muted: boolean;
}

export function readVolumePreference(): VolumePreference | null {
  try {
    const raw = globalThis.localStorage?.getItem(VOLUME_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.volume !== 'number') return null;
    return { volume: clampVolume(v.volume), muted: v.muted !== false };
  } catch {
    return null;
  }
}

export function writeVolumePreference(pref: VolumePreference): void {
  try {
    globalThis.localStorage?.setItem(VOLUME_STORAGE_KEY, JSON.stringify({ volume: clampVolume(pref.volume), muted: pref.muted }));
  } catch {
    /* private mode, quota, storage disabled: the volume is simply not remembered */
  }
}
