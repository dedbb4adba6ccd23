import type * as v from 'valibot'
import * as admin from './admin'
import * as approvals from './approvals'
import * as audit from './audit'
import * as broadcasts from './broadcasts'
import * as corrections from './corrections'
import * as customers from './customers'
import type { StaffCallDefinition } from './define'
import * as figures from './figures'
import * as identity from './identity'
import * as kyc from './kyc'
import * as mail from './mail'
import * as queues from './queues'
import * as requests from './requests'
import * as sessions from './sessions'
import * as settings from './settings'
import * as transfers from './transfers'

/**
 * Every call of the staff console's one endpoint, `POST /wp-admin/api`, by its action marker: a
 * registry of its own, apart from the customers' (src/api/contract/index.ts), so no customer
 * call is reachable there and no staff call at /api/users. docs/decisions/068.
 */
export const staffCalls = {
  ...identity,
  ...sessions,
  ...admin,
  queues: queues.queues,
  kyclist: kyc.kyclist,
  kyccase: kyc.kyccase,
  kycdecide: kyc.kycdecide,
  kycaskfordocuments: kyc.kycaskfordocuments,
  kycrequestlist: kyc.kycrequestlist,
  kycrequestdecide: kyc.kycrequestdecide,
  requestlist: requests.requestlist,
  requestcase: requests.requestcase,
  requestdecide: requests.requestdecide,
  transferlist: transfers.transferlist,
  transferdecide: transfers.transferdecide,
  customersearch: customers.customersearch,
  customerpage: customers.customerpage,
  customerledger: customers.customerledger,
  customerendsessions: customers.customerendsessions,
  customerunlock: customers.customerunlock,
  customernotice: customers.customernotice,
  customernotify: customers.customernotify,
  correctionpropose: corrections.correctionpropose,
  customerfreeze: corrections.customerfreeze,
  customerunfreeze: corrections.customerunfreeze,
  approvallist: approvals.approvallist,
  approvalcase: approvals.approvalcase,
  approvaldecide: approvals.approvaldecide,
  broadcastpage: broadcasts.broadcastpage,
  broadcastpropose: broadcasts.broadcastpropose,
  settingslist: settings.settingslist,
  settingsarea: settings.settingsarea,
  settingspropose: settings.settingspropose,
  maillist: mail.maillist,
  mailretry: mail.mailretry,
  auditlist: audit.auditlist,
  figures: figures.figures,
} satisfies Record<string, StaffCallDefinition>

export type StaffCallName = keyof typeof staffCalls
export type StaffCallRequest<N extends StaffCallName> = v.InferInput<
  (typeof staffCalls)[N]['request']
>
export type StaffCallResponse<N extends StaffCallName> = v.InferOutput<
  (typeof staffCalls)[N]['response']
>

export const staffCallNames = Object.keys(staffCalls) as StaffCallName[]

export function isStaffCallName(name: string): name is StaffCallName {
  return Object.hasOwn(staffCalls, name)
}

export {
  type ApprovalActionName,
  type ApprovalItemKind,
  approvalActionNames,
  approvalActions,
  approvalCheckerRoles,
  approvalItemKinds,
  approvalStatusNames,
  type FourEyesRuleName,
  fourEyesRuleNames,
  fourEyesRules,
} from './approvals'
export { auditCountCap, auditFilter } from './audit'
export { type AuditSubjectKind, auditSubjectKinds } from './audit-subjects'
export { broadcastStatusNames } from './broadcasts'
export { correctionDirections, correctionLimits, correctionStatusNames } from './corrections'
export type { StaffAccess, StaffAuditByField, StaffCallDefinition } from './define'
export { auditNameOf, auditNamesOf } from './define'
export { earliestFigureDay, figurePeriods } from './figures'
export { kycDeclineReasons } from './kyc'
export { mailStatusNames } from './mail'
export { queueNames } from './queues'
export { fundingKindNames } from './requests'
export { type SecondFactor, type StaffRole, secondFactors, staffRoles } from './roles'
export { settingsVersionSourceNames, settingsVersionStatusNames } from './settings'
export { transferStatusNames } from './transfers'
export { pageSize } from './work-fields'
