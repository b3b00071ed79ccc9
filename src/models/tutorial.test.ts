import { describe, expect, it } from 'vitest';
import {
  TUTORIAL_FADE_DISTANCE_PX,
  TUTORIAL_GAP_PX,
  TUTORIAL_TOP_MARGIN_PX,
  appearanceEditUrl,
  fadeOpacity,
  normalizeTutorialConfig,
  tutorialPlacement,
} from './tutorial';

const viewport = { width: 1200, height: 800 };
const panel = { width: 300, height: 150 };

describe('tutorial placement', () => {
  it('puts the panel below, above, left or right of the target, centred on it', () => {
    const target = { top: 400, left: 500, width: 100, height: 40 };
    expect(tutorialPlacement('bottom', target, panel, viewport)).toEqual({ position: 'bottom', top: 440 + TUTORIAL_GAP_PX, left: 400 });
    expect(tutorialPlacement('top', target, panel, viewport)).toEqual({ position: 'top', top: 400 - TUTORIAL_GAP_PX - 150, left: 400 });
    expect(tutorialPlacement('left', target, panel, viewport)).toEqual({ position: 'left', top: 345, left: 500 - TUTORIAL_GAP_PX - 300 });
    expect(tutorialPlacement('right', target, panel, viewport)).toEqual({ position: 'right', top: 345, left: 600 + TUTORIAL_GAP_PX });
  });
  it('flips top to bottom when the panel would start within 80 px of the top', () => {
    const target = { top: 200, left: 500, width: 100, height: 40 };
    // 200 - 14 - 150 = 36 < 80
    expect(tutorialPlacement('top', target, panel, viewport).position).toBe('bottom');
    // exactly at the margin stays on top
    const edge = { ...target, top: TUTORIAL_TOP_MARGIN_PX + TUTORIAL_GAP_PX + 150 };
    expect(tutorialPlacement('top', edge, panel, viewport)).toMatchObject({ position: 'top', top: TUTORIAL_TOP_MARGIN_PX });
    expect(tutorialPlacement('top', { ...edge, top: edge.top - 1 }, panel, viewport).position).toBe('bottom');
  });
  it('never places any panel above the 80 px margin', () => {
    const high = { top: 5, left: 500, width: 40, height: 40 };
    expect(tutorialPlacement('left', high, panel, viewport).top).toBe(TUTORIAL_TOP_MARGIN_PX);
    expect(tutorialPlacement('right', high, panel, viewport).top).toBe(TUTORIAL_TOP_MARGIN_PX);
    expect(tutorialPlacement('bottom', { top: 0, left: 10, width: 40, height: 20 }, panel, viewport).top).toBe(TUTORIAL_TOP_MARGIN_PX);
  });
  it('stays 10 px inside the viewport horizontally', () => {
    expect(tutorialPlacement('bottom', { top: 400, left: 1180, width: 20, height: 20 }, panel, viewport).left).toBe(1200 - 300 - 10);
    expect(tutorialPlacement('bottom', { top: 400, left: 0, width: 20, height: 20 }, panel, viewport).left).toBe(10);
  });
  it('centres in the viewport for center or without a target', () => {
    expect(tutorialPlacement('center', null, panel, viewport)).toEqual({ position: 'center', top: 325, left: 450 });
    expect(tutorialPlacement('bottom', null, panel, viewport).position).toBe('center');
    expect(tutorialPlacement('center', null, panel, { width: 400, height: 200 }).top).toBe(TUTORIAL_TOP_MARGIN_PX);
  });
});

describe('fade on scroll', () => {
  it('is 1 at the open position and falls linearly to 0 either way', () => {
    expect(fadeOpacity(100, 100)).toBe(1);
    expect(fadeOpacity(100, 100 + TUTORIAL_FADE_DISTANCE_PX / 2)).toBe(0.5);
    expect(fadeOpacity(100, 100 - TUTORIAL_FADE_DISTANCE_PX / 4)).toBe(0.75);
    expect(fadeOpacity(100, 100 + TUTORIAL_FADE_DISTANCE_PX)).toBe(0);
    expect(fadeOpacity(100, 5000)).toBe(0);
    expect(fadeOpacity(0, 50, 100)).toBe(0.5);
  });
});

describe('tutorial config', () => {
  it('fills defaults: standard, bottom, fade on scroll on, OK', () => {
    const c = normalizeTutorialConfig({ title: 'Hi', content: 'There' })!;
    expect(c).toMatchObject({
      template: 'standard',
      position: 'bottom',
      isFadeOnScroll: true,
      ok_text: 'OK',
      glass: false,
      fixed_position: false,
      pinnedTarget: null,
    });
    expect(normalizeTutorialConfig({ title: 'x', isFadeOnScroll: false, position: 'nowhere' })).toMatchObject({
      isFadeOnScroll: false,
      position: 'bottom',
    });
  });
  it('rejects empty or non-object configs', () => {
    expect(normalizeTutorialConfig(null)).toBeNull();
    expect(normalizeTutorialConfig('x')).toBeNull();
    expect(normalizeTutorialConfig({})).toBeNull();
  });
  it('keeps the appearance data only for a named blog', () => {
    const c = normalizeTutorialConfig({
      template: 'appearance',
      title: 't',
      appearance_data: { name: 'alice', global_theme_params: { background_color: '#fff', title_color: 5 } },
    })!;
    expect(c.template).toBe('appearance');
    expect(c.appearance_data).toMatchObject({
      name: 'alice',
      title: 'alice',
      global_theme_params: { background_color: '#fff', title_color: undefined },
    });
    expect(normalizeTutorialConfig({ template: 'appearance', title: 't', appearance_data: {} })!.template).toBe('standard');
    expect(appearanceEditUrl('alice sketches')).toBe('/settings/blog/alice%20sketches');
  });
});
