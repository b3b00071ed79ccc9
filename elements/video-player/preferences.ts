/** The viewer's volume, remembered across pages (storage may be off or full: then it is not). */
import { clampVolume } from './model/state-machine';
import { readJson, safeStorage } from '../../src/core/storage';

export const VOLUME_STORAGE_KEY = 'tl-video-player:volume';

export interface VolumePreference {
  volume: number;
  muted: boolean;
}

export function readVolumePreference(): VolumePreference | null {
  const value = readJson(safeStorage(), VOLUME_STORAGE_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.volume !== 'number') return null;
  return { volume: clampVolume(v.volume), muted: v.muted !== false };
}

export function writeVolumePreference(pref: VolumePreference): void {
  safeStorage().setItem(VOLUME_STORAGE_KEY, JSON.stringify({ volume: clampVolume(pref.volume), muted: pref.muted }));
}
