// The shared schemas' checks compiled when the app is built (scripts/compiled-checks-plugin.ts),
// handed to `validate` before any module of the app checks anything: main.tsx imports this first.
import { registerCompiledChecks } from '@judging/shared-types';
import { compiledChecks } from 'virtual:compiled-checks';

registerCompiledChecks(compiledChecks);
