/// <reference types="mocha" />
// Everything a browser test needs: `import { ... } from '<path to>/tests/helpers'`.
export { waitFor, waitForEvent, nextTick, deferred } from './wait';
export {
  shadow,
  shadowRequired,
  shadowAll,
  deepQuery,
  deepQueryAll,
  textOf,
  deepActiveElement,
  mount,
  cleanup,
  captureConsole,
  typeInto,
} from './dom';
export { axeCheck } from './axe';
export { xssVectors, trapXss } from './xss';
export {
  resetServer,
  injectFault,
  clearFaults,
  releaseHeldRequests,
  dbRows,
  formKeyFromServer,
  setupSession,
  type TestSession,
} from './server';
export { canvasImage } from './images';
export { sendKeys } from '@web/test-runner-commands';
