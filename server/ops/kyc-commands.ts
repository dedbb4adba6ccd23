import { decideKycRequestAs, decideKycSubmission } from '../domain/kyc-cases'
import { pendingKycRequests, pendingSubmissions } from '../domain/kyc-review'
import { staffFilesPath } from '../domain/staff-files'
import { doneOrThrow, emailArgument, type OpsCommand, table, taskContext } from './command'

export const kycCommands: Record<string, OpsCommand> = {
  'kyc list': {
    usage: '',
    readOnly: true,
    readsCustomers: true,
    summary: 'customers waiting for KYC review: e-mail, name, document, submitted at',
    async run(db) {
      return table(await pendingSubmissions(db))
    },
  },
  'kyc approve': {
    usage: '<email>',
    summary: 'verify the customer (notification and e-mail)',
    async run(db, [email], now, context) {
      const customer = emailArgument(email)
      const { deps, actor } = taskContext(db, now, context)
      doneOrThrow(await decideKycSubmission(deps, actor, { email: customer }, { approve: true }))
      return `${customer} is verified; the e-mail will be sent by the running server.`
    },
  },
  'kyc decline': {
    usage: '<email> [reason]',
    summary: 'decline; the e-mail asks the customer to submit again',
    async run(db, [email, ...reason], now, context) {
      const customer = emailArgument(email)
      const why = reason.join(' ').trim()
      const { deps, actor } = taskContext(db, now, context)
      doneOrThrow(
        await decideKycSubmission(
          deps,
          actor,
          { email: customer },
          { approve: false, reason: why || undefined },
        ),
      )
      return `${customer} is declined; the e-mail will be sent by the running server.`
    },
  },
  'kyc requests': {
    usage: '',
    readOnly: true,
    readsCustomers: true,
    summary: "signed-in customers' KYC requests: id, e-mail, name, document type, file, sent at",
    async run(db) {
      const rows = await pendingKycRequests(db)
      // The document opens in the staff console (kyc, support or auditor role).
      return table(
        rows.map(({ documentFileId, requestedAt, ...row }) => ({
          ...row,
          document: `${staffFilesPath}/${documentFileId}`,
          requestedAt,
        })),
      )
    },
  },
  'kyc request approve': {
    usage: '<id>',
    summary: 'approve a KYC request from the dashboard (the customer gets a notification)',
    async run(db, [id], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      const { email } = doneOrThrow(
        await decideKycRequestAs(deps, actor, requestId(id), { approve: true }),
      )
      return `KYC request ${id} of ${email} is approved.`
    },
  },
  'kyc request decline': {
    usage: '<id> [reason]',
    summary: 'decline a KYC request from the dashboard; the notification gives the reason',
    async run(db, [id, ...reason], now, context) {
      const why = reason.join(' ').trim()
      const { deps, actor } = taskContext(db, now, context)
      const { email } = doneOrThrow(
        await decideKycRequestAs(deps, actor, requestId(id), {
          approve: false,
          reason: why || undefined,
        }),
      )
      return `KYC request ${id} of ${email} is declined.`
    },
  },
}

function requestId(text: string | undefined): number {
  const id = Number(text)
  if (!Number.isSafeInteger(id) || id < 1)
    throw new Error('Give the request id from `kyc requests`.')
  return id
}
