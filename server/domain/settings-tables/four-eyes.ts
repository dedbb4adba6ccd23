import { fourEyesRuleNames, fourEyesRules } from '#api/contract/staff'
import { fourEyesSettings } from '../../db/schema'
import { fourEyesFallback } from '../four-eyes'
import type { AreaTables } from './area-tables'

/**
 * Four eyes: a row of `four_eyes_settings` per rule the editor knows (a rule without a row is
 * read as the fallback: every amount, 24 hours). Rows of other rules are left as they are.
 */
export const fourEyesTables: AreaTables<'four-eyes'> = {
  async read(db) {
    const rows = await db.select().from(fourEyesSettings)
    return {
      rules: fourEyesRuleNames.map((rule) => {
        const row = rows.find((one) => one.action === rule)
        return {
          rule,
          threshold: fourEyesRules[rule].threshold
            ? (row?.threshold ?? fourEyesFallback.threshold)
            : null,
          expiry_minutes: row?.expiryMinutes ?? fourEyesFallback.expiryMinutes,
        }
      }),
    }
  },
  async apply(tx, content) {
    for (const row of content.rules) {
      const values = { threshold: row.threshold ?? 0, expiryMinutes: row.expiry_minutes }
      await tx
        .insert(fourEyesSettings)
        .values({ action: row.rule, ...values })
        .onConflictDoUpdate({ target: fourEyesSettings.action, set: values })
    }
    return ''
  },
}
