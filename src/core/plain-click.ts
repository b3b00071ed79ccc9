/**
 * A click the page's own code may take over: the main button, no modifier, not already handled.
 * Ctrl/Cmd, Shift and Alt clicks mean "new tab", "new window", "download" to the browser, and a
 * middle or right click is not a click on a link at all; those are always left to the browser.
 */
export const isPlainClick = (event: MouseEvent): boolean =>
  !event.defaultPrevented && event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
