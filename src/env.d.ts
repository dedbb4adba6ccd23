/// <reference types="vite/client" />

/** Operator settings baked into the client at build time (all optional; see src/ui/brand.ts). */
interface ImportMetaEnv {
  readonly VITE_BANK_NAME?: string
  readonly VITE_BANK_TAGLINE?: string
  /** Where admins are sent after login (src/ui/admin-area.ts); default /wp-admin/. */
  readonly VITE_ADMIN_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** The portal's release (package.json's version, through server/version.ts), fixed at build time. */
declare const __PORTAL_VERSION__: string
