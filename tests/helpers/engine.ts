/**
 * The engine a browser test runs in, read once from its user agent (Chromium's headless one says
 * HeadlessChrome/, which /Chrome\// matches; WebKit's MiniBrowser says neither Chrome nor Firefox).
 * Tests that run only in some engines, or differ by engine, say why where they use it.
 */
type Engine = 'chromium' | 'firefox' | 'webkit';

export const ENGINE: Engine = /Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrome\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit';

/** WebKit here runs over WebDriver (no CDP): keys and files go through the driver's own commands. */
export const OVER_WEBDRIVER = ENGINE === 'webkit';
