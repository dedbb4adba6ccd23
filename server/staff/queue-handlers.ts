import { ProtocolError } from '../rpc/protocol-error'
import type { StaffHandlers } from './handler'

/** The console's queue and case calls: refused until their domain functions land (this session). */
const notYet = async (): Promise<never> => {
  throw new ProtocolError(501, 'This call is not built yet.')
}

export const queueHandlers = {
  queues: notYet,
  kyclist: notYet,
  kyccase: notYet,
  kycdecide: notYet,
  kycrequestlist: notYet,
  kycrequestdecide: notYet,
  requestlist: notYet,
  requestcase: notYet,
  requestdecide: notYet,
  transferlist: notYet,
  transferdecide: notYet,
  customersearch: notYet,
  customerpage: notYet,
  customerledger: notYet,
  customerendsessions: notYet,
  customerunlock: notYet,
  customernotice: notYet,
  customernotify: notYet,
  maillist: notYet,
  mailretry: notYet,
} satisfies Partial<StaffHandlers>
