import type { ConsoleSection } from '../../section'

/** The configuration role changes the settings; the auditor reads them. */
export const settingsSection: ConsoleSection = {
  label: 'Settings',
  allowed: ['configuration', 'auditor'],
}
