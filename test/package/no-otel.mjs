// Preload (`node --import ./test/package/no-otel.mjs`): '@opentelemetry/api' is not installed (an app that does not trace).
import { hidePackages } from './hide-package.mjs';

hidePackages(/^@opentelemetry\/api(\/|$)/, 'test/package/no-otel.mjs');
