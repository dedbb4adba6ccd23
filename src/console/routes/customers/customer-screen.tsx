import { useRouter } from '@tanstack/react-router'
import { currencySymbol, formatMoney } from '#api/money'
import { Card } from '#ui/card'
import { useDocumentTitle } from '#ui/use-document-title'
import { staffCall } from '../../api/staff-call'
import { ChangeDialog } from '../../changes/change-dialog'
import { useStaffChange } from '../../changes/use-staff-change'
import type { ConsoleRouter } from '../../router'
import { ConfirmAction } from '../../ui/confirm-action'
import { FactList } from '../../ui/fact-list'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import { CustomerActivity } from './customer-activity'
import { CustomerCorrections } from './customer-corrections'
import { CustomerFreeze } from './customer-freeze'
import { CustomerLedger } from './customer-ledger'
import { CustomerMessages } from './customer-messages'
import { customerRoute } from './customer-route'
import * as styles from './customers.css'

/**
 * Everything support and payments need about one customer, and what each may do for them:
 * support their sessions, lock, notice and notifications; payments corrections; both freezes.
 */
export function CustomerScreen() {
  const { customer } = customerRoute.useLoaderData<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const router = useRouter()
  const reload = () => void router.invalidate()
  const change = useStaffChange(reload)
  const { profile, account, sign_in: signIn } = customer
  const customerId = String(profile.id)
  const canAct = me.roles.includes('support')
  const canCorrect = me.roles.includes('payments')
  const symbol = currencySymbol(account?.currency)
  useDocumentTitle(profile.name)
  return (
    <>
      <h1>{profile.name}</h1>
      <Card heading="Profile">
        <FactList
          facts={[
            ['E-mail', `${profile.email}${profile.email_verified ? '' : ' (not verified)'}`],
            ['Username', profile.username],
            ['Phone', profile.phone ?? '—'],
            ['Date of birth', profile.date_of_birth ?? '—'],
            ['Country', profile.country ?? '—'],
            ['Address', profile.address ?? '—'],
            ['Customer since', <When key="since" at={profile.created_at} />],
            ['Plan', customer.plan],
            ['KYC', customer.kyc.verification_status],
          ]}
        />
      </Card>
      <Card heading="Account">
        {account ? (
          <FactList
            facts={[
              ['Account number', account.account_no],
              ['Available balance', formatMoney(account.available, symbol)],
              ['Booked balance', formatMoney(account.booked, symbol)],
            ]}
          />
        ) : (
          <p>No account yet: it opens when KYC is approved.</p>
        )}
      </Card>
      <Card heading="Sign-in and sessions">
        <FactList
          facts={[
            ['Live sessions', customer.live_sessions],
            ['Failed sign-ins', signIn.failed_count],
            [
              'Lock',
              signIn.locked && signIn.locked_until ? (
                <span key="lock">
                  Locked until <When at={signIn.locked_until} />
                </span>
              ) : (
                'Not locked'
              ),
            ],
          ]}
        />
        {canAct && (
          <div className={styles.actions}>
            <ConfirmAction
              label="End every session"
              consequence={`${profile.name} must sign in again on every device.`}
              variant="danger"
              act={() => staffCall('customerendsessions', { customer_id: customerId })}
              done={reload}
            />
            {signIn.failed_count > 0 && (
              <ConfirmAction
                label="Unlock sign-in"
                consequence={`${profile.name}'s failed sign-ins are cleared and they may try their passcode again now.`}
                act={() => staffCall('customerunlock', { customer_id: customerId })}
                done={reload}
              />
            )}
          </div>
        )}
      </Card>
      <CustomerFreeze customer={customer} actor={change} canAct={canAct || canCorrect} />
      <CustomerCorrections customer={customer} actor={change} canPropose={canCorrect} />
      <CustomerMessages customer={customer} canAct={canAct} reload={reload} />
      <CustomerActivity customer={customer} />
      <CustomerLedger symbol={symbol} />
      <ChangeDialog actor={change} />
    </>
  )
}
