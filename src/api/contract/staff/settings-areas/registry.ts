import type * as v from 'valibot'
import type { SettingsArea } from './area'
import { chargesArea } from './charges'
import { coinsArea } from './coins'
import { contactArea } from './contact'
import { fourEyesArea } from './four-eyes'
import { plansArea } from './plans'
import { purposesArea } from './purposes'

/**
 * The areas of the settings the portal's forms read, in the console's order
 * (docs/decisions/078): each edited as a whole, under four eyes, and kept in versions.
 */
export const settingsAreas = {
  coins: coinsArea,
  purposes: purposesArea,
  plans: plansArea,
  charges: chargesArea,
  contact: contactArea,
  'four-eyes': fourEyesArea,
}

export type SettingsAreas = typeof settingsAreas
export type SettingsAreaName = keyof SettingsAreas

export const settingsAreaNames = Object.keys(settingsAreas) as [
  SettingsAreaName,
  ...SettingsAreaName[],
]

/** What the bank keeps of an area (minor units, basis points, null for nothing). */
export type SettingsContent<A extends SettingsAreaName = SettingsAreaName> = v.InferOutput<
  SettingsAreas[A]['schema']
>

/** What an area's form sends (as typed). */
export type SettingsInput<A extends SettingsAreaName = SettingsAreaName> = v.InferInput<
  SettingsAreas[A]['schema']
>

/** An area's definition without its own types, for code that serves every area alike. */
export const areaOf = (name: SettingsAreaName) => settingsAreas[name] as unknown as SettingsArea

export function isSettingsAreaName(name: string): name is SettingsAreaName {
  return Object.hasOwn(settingsAreas, name)
}
