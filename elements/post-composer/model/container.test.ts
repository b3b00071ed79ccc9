import { describe, expect, it } from 'vitest';
import { CONTAINER_LOADER_DELAY_MS, hidingSteps } from './container';

describe('the post form container', () => {
  it('hides through the opening states backwards, from where it is', () => {
    expect(hidingSteps('post-form')).toEqual(['mid-transition', 'pre-transition', 'original']);
    // Closed while still opening: only what is left.
    expect(hidingSteps('pre-transition')).toEqual(['original']);
    expect(hidingSteps('original')).toEqual([]);
  });
  it('shows its loader only after the spec’s 250 ms', () => {
    expect(CONTAINER_LOADER_DELAY_MS).toBe(250);
  });
});
