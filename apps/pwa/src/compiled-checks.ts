// The device's schemas' checks (sync answers, queued mutations) compiled when the app is built
// (scripts/compiled-checks-plugin.ts), handed to `validate` before the device's code checks
// anything: offline/device.ts, the device area's one store (every screen and the sync runner
// reach the device through it), imports this first. Public pages never load them. Unit tests
// import the device's modules without it: `validate` interprets those schemas there.
import { registerCompiledChecks } from '@judging/shared-types';
import { compiledChecks } from 'virtual:compiled-checks';

registerCompiledChecks(compiledChecks);
