/** The user's like and following counts go up or down on events, and never below 0 (authoring spec §4 "Follow and block"). */
export const countAfter = (count: number, delta: number): number => Math.max(0, (Number.isFinite(count) ? count : 0) + delta);
