/// <reference types="vite/client" />

/** Operator settings baked into the client at build time (all optional; see src/ui/brand.ts). */
interface ImportMetaEnv {
  readonly VITE_BANK_NAME?: string
  readonly VITE_BANK_TAGLINE?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
