// Playwright globalTeardown: removes the temporary DATA_DIR the e2e web server used.
// (Per-run output dirs are pruned by scripts/lib/pw-output.mjs when the next run starts.)
import { rmSync } from 'node:fs';

export default async function teardown() {
  const dir = process.env.TL_E2E_DATA_DIR;
  if (dir && dir.includes('tl-e2e-data-')) rmSync(dir, { recursive: true, force: true });
}
