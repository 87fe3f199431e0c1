/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' shows the header's developer quick-fill buttons for the demo users. */
  readonly VITE_DEV_QUICKFILL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
