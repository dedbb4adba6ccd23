import { clearLockout } from '../auth/attempt-lockout'
import { accountSubject } from '../auth/passcode-checks'
import { revokeUserSessions } from '../auth/sessions'
import type { Database } from '../db/database'
import { clearAccountNotice, setAccountNotice } from './account-notices'
import { notifyCustomer } from './notifications'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, refused, taskRoles } from './staff-tasks'
import { customerEmail, noCustomer } from './task-customer'

/**
 * What support does for a customer, as operator tasks (docs/decisions/072): end their sessions,
 * lift the sign-in lock, set or clear the account notice, send a notification. The same from
 * the console and from `npm run ops`; each names the customer back by e-mail.
 */

type Deps = { db: Database; now: () => Date }

export async function endCustomerSessions(
  deps: Deps,
  actor: StaffActor,
  customerId: number,
): Promise<TaskOutcome<{ email: string; ended: number }>> {
  return asActor(deps.db, actor, taskRoles.customersChange, async () => {
    const email = await customerEmail(deps.db, customerId)
    if (!email) return noCustomer(customerId)
    const ended = await revokeUserSessions(deps.db, customerId, deps.now())
    return { ok: true, email, ended }
  })
}

/** Clears the failed passcode count and the lock: the customer may sign in again at once. */
export async function unlockCustomer(
  deps: Deps,
  actor: StaffActor,
  customerId: number,
): Promise<TaskOutcome<{ email: string }>> {
  return asActor(deps.db, actor, taskRoles.customersChange, async () => {
    const email = await customerEmail(deps.db, customerId)
    if (!email) return noCustomer(customerId)
    await clearLockout(deps.db, accountSubject(customerId))
    return { ok: true, email }
  })
}

export type NoticeChange = { set: { head: string; body: string } } | { clear: true }

/** Sets the account notice (the account on hold, its sessions ended) or clears it. */
export async function changeAccountNotice(
  deps: Deps,
  actor: StaffActor,
  customerId: number,
  change: NoticeChange,
): Promise<TaskOutcome<{ email: string }>> {
  return asActor(deps.db, actor, taskRoles.customersChange, async () => {
    const email = await customerEmail(deps.db, customerId)
    if (!email) return noCustomer(customerId)
    if ('set' in change) {
      const head = change.set.head.trim()
      const body = change.set.body.trim()
      if (!head || !body) return refused('Give the notice a heading and a text.')
      await setAccountNotice(deps.db, customerId, { head, body }, deps.now())
    } else {
      const cleared = await clearAccountNotice(deps.db, customerId)
      if (cleared === 'none') return refused(`${email} has no notice.`)
      if (cleared === 'frozen')
        return refused(
          `${email}'s account is frozen: lifting a freeze needs a second person (propose an unfreeze).`,
        )
    }
    return { ok: true, email }
  })
}

export async function notifyCustomerAs(
  deps: Deps,
  actor: StaffActor,
  customerId: number,
  notice: { title: string; body: string },
): Promise<TaskOutcome<{ email: string }>> {
  return asActor(deps.db, actor, taskRoles.customersChange, async () => {
    const email = await customerEmail(deps.db, customerId)
    if (!email) return noCustomer(customerId)
    const title = notice.title.trim()
    const body = notice.body.trim()
    if (!title || !body) return refused('Give the notification a title and a text.')
    await notifyCustomer(deps.db, { userId: customerId, title, body }, deps.now())
    return { ok: true, email }
  })
}
