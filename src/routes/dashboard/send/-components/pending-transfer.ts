import * as v from 'valibot'
import { clientStorage } from '#api/client-storage'
import type { PendingTransfer } from '#machines/send.machine'
import { transferFields } from '#machines/send.rules'

const pendingSchema = v.object({
  form: v.object(Object.fromEntries(transferFields.map((field) => [field, v.string()]))),
  schedule: v.optional(
    v.object({
      when: v.picklist(['now', 'later', 'repeat']),
      startsOn: v.string(),
      repeat: v.picklist(['weekly', 'monthly']),
      ends: v.picklist(['on', 'after']),
      endsOn: v.string(),
      runCount: v.string(),
    }),
  ),
  savePayee: v.boolean(),
  idempotencyKey: v.nullable(v.string()),
  authorization: v.nullable(v.string()),
})

/** The transfer this tab was confirming (a reload on send/pin), or null (decision 043). */
export function readPendingTransfer(): PendingTransfer | null {
  const stored = clientStorage.get('pendingTransfer')
  if (!stored) return null
  try {
    const parsed = v.safeParse(pendingSchema, JSON.parse(stored))
    return parsed.success ? (parsed.output as PendingTransfer) : null
  } catch {
    return null
  }
}

export function keepPendingTransfer(pending: PendingTransfer): void {
  clientStorage.set('pendingTransfer', JSON.stringify(pending))
}

export function forgetPendingTransfer(): void {
  clientStorage.remove('pendingTransfer')
}
