import type { ApprovalActionName, StaffCallResponse } from '#api/contract/staff'
import { currencySymbol, formatMoney } from '#api/money'

type Approval = StaffCallResponse<'approvallist'>['approvals'][number]
type Shown = Approval['shown']

/** Each action as the inbox names it. */
export const actionWords: Record<ApprovalActionName, string> = {
  'requests confirm': 'Confirm a request',
  'transfers settle': 'Settle a transfer',
  'broadcast send': 'Send a broadcast',
  'settings change': 'Change the settings',
  'staff grant admin': 'Change staff access',
  'corrections post': 'Post a correction',
  'accounts unfreeze': 'Unfreeze an account',
}

export const amountOf = (shown: Shown) =>
  shown.amount === null ? '—' : formatMoney(shown.amount, currencySymbol(shown.currency))

export const customerOf = (shown: Shown) =>
  shown.name === null ? '—' : `${shown.name} (${shown.email})`

/** What the approval decides, naming its item: "Confirm deposit #12 of $12,345.11". */
export function whatOf(approval: Approval) {
  const { shown } = approval
  if (approval.item_kind === 'funding_request')
    return `Confirm ${shown.kind.replace(/_/g, ' ')} #${approval.item_id} of ${amountOf(shown)}`
  if (approval.item_kind === 'transfer')
    return `Settle transfer #${approval.item_id} of ${amountOf(shown)}`
  const action = actionWords[approval.action]
  return shown.amount === null ? action : `${action} of ${amountOf(shown)}`
}

/** What an approval would do, in a phrase: "confirm a request of $12,000.00 for Ada Lovelace". */
export function approvalPhrase(approval: Approval) {
  const { shown } = approval
  const what = actionWords[approval.action].toLowerCase()
  if (shown.amount === null) return shown.detail ? `${what}: ${shown.detail}` : what
  const whose = shown.name === null ? '' : ` for ${shown.name}`
  return `${what} of ${amountOf(shown)}${whose}`
}
