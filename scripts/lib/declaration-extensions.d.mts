/** Rewrites every .d.ts file under `dir` so its relative imports name their .js file; returns how many it changed. */
export function addDeclarationExtensions(dir: string): number;
