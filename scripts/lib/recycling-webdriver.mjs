// A WebDriver launcher (for WebKitGTK's MiniBrowser) that bounds what one browser runs.
//
// web-test-runner's WebdriverLauncher, with concurrency 1, keeps one browser window for the whole
// run and navigates it from test file to test file. In WebKitGTK that one web process only grows:
// measured on this project's suite, from 0.6 GiB after the first file to 2.3 GiB (PSS) by the last
// (pages, scripts and media of earlier files kept alive across navigations), and on a slower
// machine the browser went away half way ("invalid session id"). With a fresh browser every four
// files the stage peaks at 1.0 GiB and takes the same time. This launcher ends the
// WebDriver session, and with it the browser, after every `filesPerBrowser` files, and also starts
// a fresh one when the current browser no longer answers, so that one dead browser costs one file
// (which scripts/browser-tests.mjs runs again) rather than every file after it.
import { WebdriverLauncher } from '@web/test-runner-webdriver';

export class RecyclingWebdriverLauncher extends WebdriverLauncher {
  /**
   * @param {ConstructorParameters<typeof WebdriverLauncher>[0]} options
   * @param {{ filesPerBrowser: number, onRecycle?: (why: string) => void }} recycling
   */
  constructor(options, { filesPerBrowser, onRecycle }) {
    super(options);
    this.filesPerBrowser = Math.max(1, filesPerBrowser);
    this.onRecycle = onRecycle;
    this.filesInBrowser = 0;
  }

  async startSession(id, url) {
    if (this.driver) {
      const why =
        this.filesInBrowser >= this.filesPerBrowser
          ? `after ${this.filesInBrowser} files`
          : (await this.answers())
            ? null
            : 'the browser stopped answering';
      if (why) await this.recycle(why);
    }
    this.filesInBrowser++;
    return super.startSession(id, url);
  }

  async answers() {
    try {
      await this.driver.getTitle();
      return true;
    } catch {
      return false;
    }
  }

  /** Ends this browser; the next session starts a new one (WebdriverLauncher creates it lazily). */
  async recycle(why) {
    this.onRecycle?.(why);
    await this.stop();
    // stop() leaves them set when deleting a dead session throws: forget them regardless.
    if (this.pendingHeartbeat != null) clearInterval(this.pendingHeartbeat);
    this.pendingHeartbeat = undefined;
    this.driver = undefined;
    this.driverManager = undefined;
    this.filesInBrowser = 0;
  }
}
