// Preload (`node --import ./test/package/no-msw.mjs`): 'msw' is not installed, as far as this process can tell.
import { hidePackages } from './hide-package.mjs';

hidePackages(/^msw(\/|$)/, 'test/package/no-msw.mjs');
