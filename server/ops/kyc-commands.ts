import { decideSubmission, pendingSubmissions } from '../domain/kyc-review'
import { emailArgument, type OpsCommand, table } from './command'

export const kycCommands: Record<string, OpsCommand> = {
  'kyc list': {
    usage: '',
    readOnly: true,
    summary: 'customers waiting for KYC review: e-mail, name, document, submitted at',
    async run(db) {
      return table(await pendingSubmissions(db))
    },
  },
  'kyc approve': {
    usage: '<email>',
    summary: 'verify the customer (notification and e-mail)',
    async run(db, [email], now) {
      const customer = emailArgument(email)
      await decideSubmission(db, customer, { approve: true }, now)
      return `${customer} is verified; the e-mail will be sent by the running server.`
    },
  },
  'kyc decline': {
    usage: '<email> [reason]',
    summary: 'decline; the e-mail asks the customer to submit again',
    async run(db, [email, ...reason], now) {
      const customer = emailArgument(email)
      const why = reason.join(' ').trim()
      await decideSubmission(db, customer, { approve: false, reason: why || undefined }, now)
      return `${customer} is declined; the e-mail will be sent by the running server.`
    },
  },
}
