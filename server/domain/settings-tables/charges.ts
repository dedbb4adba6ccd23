import { notInArray } from 'drizzle-orm'
import { byPlan } from '#api/contract/staff/settings-areas'
import { bankSettings, stepUpLimits } from '../../db/schema'
import { defaultServiceChargeBasisPoints, defaultStepUpLimit } from '../bank-configuration'
import type { AreaTables } from './area-tables'

/** The service charge and step-up: `bank_settings` (its one row) and `step_up_limits`. */
export const chargeTables: AreaTables<'charges'> = {
  async read(db) {
    const [settings] = await db.select().from(bankSettings)
    const limits = await db.select().from(stepUpLimits)
    return {
      service_charge: settings?.serviceChargeBasisPoints ?? defaultServiceChargeBasisPoints,
      step_up_default: settings?.stepUpLimit ?? defaultStepUpLimit,
      step_up_new_payee: settings?.stepUpNewPayee ?? true,
      step_up_limits: limits.map((row) => ({ plan: row.planName, limit: row.limit })).sort(byPlan),
    }
  },
  async apply(tx, content) {
    const values = {
      serviceChargeBasisPoints: content.service_charge,
      stepUpLimit: content.step_up_default,
      stepUpNewPayee: content.step_up_new_payee,
    }
    await tx
      .insert(bankSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: bankSettings.id, set: values })
    const plans = content.step_up_limits.map((row) => row.plan)
    await tx
      .delete(stepUpLimits)
      .where(plans.length > 0 ? notInArray(stepUpLimits.planName, plans) : undefined)
    for (const row of content.step_up_limits)
      await tx
        .insert(stepUpLimits)
        .values({ planName: row.plan, limit: row.limit })
        .onConflictDoUpdate({ target: stepUpLimits.planName, set: { limit: row.limit } })
    return ''
  },
}
