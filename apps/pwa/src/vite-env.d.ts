/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' shows the header's developer quick-fill buttons for the demo users. */
  readonly VITE_DEV_QUICKFILL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Built by scripts/compiled-checks-plugin.ts: shared schemas beside their checks as code. */
declare module 'virtual:compiled-checks' {
  import type { CompiledCheck } from '@judging/shared-types';
  import type { TSchema } from 'typebox';

  export const compiledChecks: readonly (readonly [TSchema, CompiledCheck])[];
}

/** One schema's check compiled at build time (`onDemandSchemas` of scripts/compiled-checks-plugin.ts). */
declare module 'virtual:compiled-check:*' {
  export function Check(value: unknown): boolean;
}

/** Registers every shared schema the browser names, compiled (scripts/compiled-checks-plugin.ts). */
declare module 'virtual:compiled-validators' {}

/** Registers one shared schema's compiled check and error list (scripts/compiled-checks-plugin.ts). */
declare module 'virtual:compiled-validator:*' {}
