import packageJson from '../package.json' with { type: 'json' }

/**
 * The portal's release (semver, package.json's `version`; CHANGELOG.md says what each changed).
 * The one place the server, the operator's tools and the web build (vite.config.ts, for the
 * console's footer) read it from.
 */
export const portalVersion: string = packageJson.version
