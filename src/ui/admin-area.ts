/**
 * Where admins go after login (spec: "Admin users are redirected to a separate admin area").
 * The admin area is not part of this app; its address is operator configuration, read once
 * from the build environment (`VITE_ADMIN_URL`), like the bank's name in brand.ts.
 *
 * Only an absolute http(s) address or a path on this site is accepted; anything else (a typo,
 * a `javascript:` URL) falls back to the default, so a bad setting cannot run script.
 */

export const defaultAdminAreaUrl = '/wp-admin/'

export function adminAreaAddress(value: string | undefined): string {
  const text = value?.trim() ?? ''
  if (/^https?:\/\/[^\s]+$/i.test(text)) return text
  if (/^\/(?!\/)[^\s]*$/.test(text)) return text
  return defaultAdminAreaUrl
}

export const adminAreaUrl = adminAreaAddress(import.meta.env.VITE_ADMIN_URL)
