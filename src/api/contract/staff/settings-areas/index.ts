/** The settings areas (docs/decisions/078): their rules, differences and refusals. */
export type { SettingsArea, SettingsEntry } from './area'
export { partsText, type SettingsChange, settingsChanges } from './changes'
export { byPlan } from './charges'
export { hashFormatChoices, isExplorerTemplate } from './coins'
export { longestExpiryMinutes } from './four-eyes'
export { type SettingsProblem, settingsProblems, settingsRefusal } from './problems'
export {
  areaOf,
  isSettingsAreaName,
  type SettingsAreaName,
  type SettingsAreas,
  type SettingsContent,
  type SettingsInput,
  settingsAreaNames,
  settingsAreas,
} from './registry'
