import type * as v from 'valibot'

/**
 * One area of the settings the portal's forms read (docs/decisions/078): coins and addresses,
 * purposes, plans, the charge and step-up, contact and institution, four eyes. Each is edited as
 * a whole and kept in versions.
 */

/** One row of an area as people read it: a setting, or one row of a list (a coin, a plan). */
export interface SettingsEntry {
  /** What identifies it from one version to the next ("coin:bitcoin (btc)"). */
  key: string
  /** How it is named: "Service charge", "Coin Bitcoin (BTC)". */
  label: string
  /** Its values, each named (a coin's address, network, …); one unnamed value for a setting. */
  parts: { name: string; value: string }[]
}

export interface SettingsArea<S extends v.GenericSchema = v.GenericSchema> {
  /** The area's page and its heading: "Coins and deposit addresses". */
  label: string
  /** How a sentence names it, after "the": "coins and deposit addresses". */
  noun: string
  /** What it holds and where customers meet it, in a sentence. */
  about: string
  /** What a form sends (text, yes or no) to what the bank keeps; refusals in words. */
  schema: S
  /** What the bank keeps back to what the form shows (the schema gives it back unchanged). */
  toInput(content: v.InferOutput<S>): v.InferInput<S>
  /** The area as rows people read, for the history and the differences between versions. */
  entries(content: v.InferOutput<S>): SettingsEntry[]
}

/** An area's definition, its types kept (`SettingsArea` of its own schema). */
export const settingsArea = <S extends v.GenericSchema>(area: SettingsArea<S>) => area
