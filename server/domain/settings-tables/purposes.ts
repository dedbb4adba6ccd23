import { asc } from 'drizzle-orm'
import { paymentPurposes } from '../../db/schema'
import type { AreaTables } from './area-tables'

/**
 * Payment purposes: `payment_purposes`, in the order they were added. A new version is written
 * afresh, in its own order (requests keep their purpose as text, so nothing points at a row).
 */
export const purposeTables: AreaTables<'purposes'> = {
  async read(db) {
    const rows = await db.select().from(paymentPurposes).orderBy(asc(paymentPurposes.id))
    return { purposes: rows.map((row) => row.purposeName) }
  },
  async apply(tx, content) {
    await tx.delete(paymentPurposes)
    if (content.purposes.length > 0)
      await tx
        .insert(paymentPurposes)
        .values(content.purposes.map((purposeName) => ({ purposeName })))
    return ''
  },
}
