/// <reference types="mocha" />
// Everything a browser test needs: `import { ... } from './index'`.
export { waitFor, waitForEvent, nextTick, deferred, type Deferred, type WaitOptions } from './wait';
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
export { axeCheck, type AxeCheckOptions } from './axe';
export { xssVectors, trapXss, type XssVector } from './xss';
export {
  resetServer,
  injectFault,
  clearFaults,
  releaseHeldRequests,
  dbRows,
  formKeyFromServer,
  setupSession,
  type DemoUser,
  type FaultStatus,
  type FaultExtras,
  type TestSession,
} from './server';
export { canvasImage } from './images';
export { sendKeys } from '@web/test-runner-commands';
