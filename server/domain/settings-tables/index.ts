import type { SettingsAreaName } from '#api/contract/staff/settings-areas'
import type { AreaTables } from './area-tables'
import { chargeTables } from './charges'
import { coinTables } from './coins'
import { contactTables } from './contact'
import { fourEyesTables } from './four-eyes'
import { planTables } from './plans'
import { purposeTables } from './purposes'

/** Each settings area's tables (docs/decisions/078). */
export const areaTables: { [A in SettingsAreaName]: AreaTables<A> } = {
  coins: coinTables,
  purposes: purposeTables,
  plans: planTables,
  charges: chargeTables,
  contact: contactTables,
  'four-eyes': fourEyesTables,
}

/** An area's tables without its own types, for code that serves every area alike. */
export const tablesOf = (area: SettingsAreaName) =>
  areaTables[area] as unknown as AreaTables<SettingsAreaName>

export type { AreaTables }
