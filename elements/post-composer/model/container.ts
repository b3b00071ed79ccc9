/**
 * The post form's container (authoring spec §4 "Container transition", §9 timings): its states in
 * order, which hiding runs backwards, and how long each part takes (the modal's 150 ms fade, spec
 * §9's 100–150 ms, is CSS only: styles.css). Pure constants and one rule.
 */

/** The container's transition states, in order (spec §4); hiding runs them backwards. */
export const CONTAINER_STATES = ['original', 'pre-transition', 'mid-transition', 'post-form'] as const;
export type ContainerState = (typeof CONTAINER_STATES)[number];

/** Ours: how long each step of the container transition takes (none with reduced motion). */
export const CONTAINER_STEP_MS = 80;

/** Spec §9: the container's loader shows only when loading takes longer than this. */
export const CONTAINER_LOADER_DELAY_MS = 250;

/** The states a hiding container passes through: the opening ones backwards, from where it is. */
export function hidingSteps(from: ContainerState): ContainerState[] {
  const at = CONTAINER_STATES.indexOf(from);
  return CONTAINER_STATES.slice(0, at).reverse();
}
