/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Error-reporting DSN; without it error reporting stays off and nothing is loaded. */
  readonly VITE_SENTRY_DSN?: string;
  /** The DSN of the sandbox project, used on hosts containing `.cc` (the production one otherwise). */
  readonly VITE_SENTRY_SANDBOX_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
