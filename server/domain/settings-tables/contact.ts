import { and, type Column, eq, isNull, type SQL } from 'drizzle-orm'
import { bankAccounts, bankSettings } from '../../db/schema'
import type { AreaTables } from './area-tables'

/** `value IS NOT DISTINCT FROM` a column: equal, or both null. */
const sameAs = (column: Column, value: string | null): SQL =>
  value === null ? isNull(column) : (eq(column, value) as SQL)

/**
 * Contact and institution details: `bank_settings`. Each customer's account keeps the
 * institution details it was opened with (the institutional-transfer page reads the account):
 * the accounts that kept the bank's old details take the new ones; an account given details of
 * its own keeps them.
 */
export const contactTables: AreaTables<'contact'> = {
  async read(db) {
    const [settings] = await db.select().from(bankSettings)
    return {
      whatsapp: settings?.contactWhatsapp ?? null,
      email: settings?.contactEmail ?? null,
      phone: settings?.contactPhone ?? null,
      swift: settings?.swiftCode ?? null,
      routing: settings?.routingNo ?? null,
      country: settings?.country ?? null,
    }
  },
  async apply(tx, content, before) {
    const values = {
      contactWhatsapp: content.whatsapp,
      contactEmail: content.email,
      contactPhone: content.phone,
      swiftCode: content.swift,
      routingNo: content.routing,
      country: content.country,
    }
    await tx
      .insert(bankSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: bankSettings.id, set: values })
    const institutionChanged =
      content.swift !== before.swift ||
      content.routing !== before.routing ||
      content.country !== before.country
    if (!institutionChanged) return ''
    const moved = await tx
      .update(bankAccounts)
      .set({ swiftCode: content.swift, routingNo: content.routing, country: content.country })
      .where(
        and(
          sameAs(bankAccounts.swiftCode, before.swift),
          sameAs(bankAccounts.routingNo, before.routing),
          sameAs(bankAccounts.country, before.country),
        ),
      )
      .returning({ id: bankAccounts.id })
    const n = moved.length
    return `${n} ${n === 1 ? 'account' : 'accounts'} with the bank's earlier institution details ${n === 1 ? 'shows' : 'show'} the new ones.`
  },
}
