// Playwright globalTeardown: removes the temporary DATA_DIR the e2e web server used, and this
// run's artifact directory when no test left anything in it.
import { readdirSync, rmSync, rmdirSync } from 'node:fs';

export default async function teardown() {
  const dir = process.env.TL_E2E_DATA_DIR;
  if (dir && dir.includes('tl-e2e-data-')) rmSync(dir, { recursive: true, force: true });
  const out = process.env.PW_OUTPUT_DIR;
  try {
    if (out && readdirSync(out).length === 0) rmdirSync(out);
  } catch {
    /* absent or not empty: keep */
  }
}
