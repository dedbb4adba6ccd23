import type { SettingsAreaName, SettingsContent } from '#api/contract/staff/settings-areas'
import type { Queryable, Transaction } from '../../db/database'

/**
 * Where an area of the settings lives in the tables the portal's forms read (docs/decisions/078):
 * how to read it as its content, and how to write a new version over it. Reading right after
 * applying gives the content back unchanged, so a version found different from the tables was
 * changed outside the console.
 */
export interface AreaTables<A extends SettingsAreaName> {
  read(db: Queryable): Promise<SettingsContent<A>>
  /**
   * Writes `content` over the tables (in the checker's transaction); `before` is the current
   * version's. Returns what else it did, in words ("" for nothing more).
   */
  apply(tx: Transaction, content: SettingsContent<A>, before: SettingsContent<A>): Promise<string>
}
