// `npm run bench`: prints sizes, the 500-card comparison, the GIF grid, the 10,000-message
// conversation, the video player, layout shift per demo page, the post composer's open time, the
// blog preview drawer autopaging 200 posts, the body editor's cost per key after a 200 KB
// paste, one user's polls per minute with 1, 3 and 10 tabs, what each element leaves behind
// after 1,000 mount/open/remove cycles, interaction to next paint of the demo's main interactions
// and the long tasks while its pages load (4× CPU throttling), and Lighthouse's performance score
// of three pages. Numbers are printed, never asserted on time; the only failure is the loader's size budget.
//   npm run bench                 every stage at full size
//   npm run bench -- --sizes-only the sizes alone
//   npm run bench -- --smoke      every stage once at small sizes (a stage of `npm test`: a bench
//                                 that no longer runs fails CI; its numbers mean nothing)
import { sizeReport, printSizes, LOADER_BUDGET_GZ } from './sizes.mjs';
import { cardsBench, printCards } from './cards.mjs';
import { gifGridBench, printGifGrid } from './gif-grid.mjs';
import { messagesBench, printMessages } from './messages.mjs';
import { videoBench, printVideo } from './video.mjs';
import { clsBench, printCls } from './cls.mjs';
import { composerBench, printComposer } from './composer.mjs';
import { peeprBench, printPeepr } from './peepr.mjs';
import { editorBench, printEditor } from './editor.mjs';
import { tabsBench, printTabs } from './tabs.mjs';
import { leakBench, printLeak } from './leak.mjs';
import { inpBench, printInp } from './inp.mjs';
import { loadTasksBench, printLoadTasks } from './load-tasks.mjs';
import { lighthouseBench, printLighthouse } from './lighthouse.mjs';
import { SMOKE } from './scale.mjs';

if (SMOKE) console.log('Bench smoke run: every stage once at small sizes. The numbers below only show that it ran.');
const sizes = sizeReport();
printSizes(sizes);
const loader = sizes[0];
console.log(
  `\n  loader budget: ${(loader.gz / 1024).toFixed(2)} KiB gzip of ${(LOADER_BUDGET_GZ / 1024).toFixed(2)} KiB ${loader.gz <= LOADER_BUDGET_GZ ? 'ok' : 'OVER BUDGET'}`,
);

if (!process.argv.includes('--sizes-only')) {
  printCards(await cardsBench());
  printGifGrid(await gifGridBench());
  printMessages(await messagesBench());
  printVideo(await videoBench());
  printCls(await clsBench());
  printComposer(await composerBench());
  printPeepr(await peeprBench());
  printEditor(await editorBench());
  printTabs(await tabsBench());
  printLeak(await leakBench());
  printInp(await inpBench());
  printLoadTasks(await loadTasksBench());
  printLighthouse(await lighthouseBench());
}

if (loader.gz > LOADER_BUDGET_GZ) process.exit(1);
