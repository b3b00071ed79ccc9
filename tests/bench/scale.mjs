// How much the bench does. `npm run bench` measures at full size; `npm run bench -- --smoke` (a
// stage of `npm test`) runs every stage once at small sizes, to prove the bench still runs end to
// end: its numbers mean nothing and nothing is asserted on them. BENCH_SMOKE=1 does the same.
export const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';

/** The full size, or the small one in a smoke run. */
export const scale = (full, smoke) => (SMOKE ? smoke : full);
