/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; empty (the default) means the same origin as the web app. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
