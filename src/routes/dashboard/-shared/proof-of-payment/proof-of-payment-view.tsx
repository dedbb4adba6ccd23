import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { isTransactionHashFormat, transactionHashFormats } from '#api/chain-rules'
import type { proofOfPaymentMachine } from '#machines/proof-of-payment.machine'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { CopyButton } from '#ui/copy-button'
import { Money } from '#ui/money'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { UploadBox } from '#ui/upload-box'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from './proof-of-payment.css'
import { readProofOfPaymentEntry } from './proof-of-payment-data'
import {
  choiceOptions,
  type Plan,
  type ProofOfPaymentPage,
  planChanges,
  planNamed,
  type RequestFormData,
} from './proof-of-payment-pages'
import { RequestList } from './request-list'

export type ProofOfPaymentActor = ActorRefFrom<typeof proofOfPaymentMachine>

export interface ProofOfPaymentViewProps {
  actor: ProofOfPaymentActor
  page: ProofOfPaymentPage
  /** What the route's loader read: coin types and addresses, options, requests so far. */
  data: RequestFormData
}

/**
 * One view for the four proof-of-payment forms: the purpose or plan where the form has one,
 * the coin type with its network and deposit address and Copy (the first coin chosen), the
 * amount, the payment's transaction hash and the proof; what confirming will do; below, the
 * requests filed so far. The inputs hold their own values; Submit sends them
 * in one SUBMIT event and the machine decides. After a filed request the form starts empty.
 * Plans with a price (upgrades) are listed with what each changes, and choosing one fills the
 * amount with its price, which is then what is sent.
 */
export function ProofOfPaymentView({ actor, page, data }: ProofOfPaymentViewProps) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const filedCount = useSelector(actor, (snapshot) => snapshot.context.filedCount)
  const form = useSelector(actor, (snapshot) => snapshot.context.form)
  const [coinType, setCoinType] = useState(data.addresses[0]?.type ?? data.names[0] ?? '')
  const coin = data.addresses.find((entry) => entry.type === coinType)
  const address = coin?.address ?? data.addresses2[coinType] ?? ''
  // A format this app does not know (a newer server): either form is taken, the server decides.
  const hashFormat =
    coin && isTransactionHashFormat(coin.hashFormat) ? coin.hashFormat : 'hex64-or-0x'
  const coinOptions = (data.names.length > 0 ? data.names : data.addresses.map((a) => a.type)).map(
    (name) => ({ value: name, label: name }),
  )
  const currency = data.currency || '$'
  // The purpose or plan chosen in this form; a filed request starts a new, empty one.
  const [choice, setChoice] = useState({ form: filedCount, value: '' })
  const chosen = choice.form === filedCount ? choice.value : ''
  const price = planNamed(data, chosen)?.price
  const depositAddressLabel = t`${coinType} deposit address`
  const network = coin?.network
  const hashShape = transactionHashFormats[hashFormat].says

  // After a submission with missing fields, the focus goes to the first of them.
  const { formRef, submit } = useSubmitFocusingFirstError((element) =>
    actor.send({
      type: 'SUBMIT',
      entry: readProofOfPaymentEntry(new FormData(element), form.proofField, hashFormat),
    }),
  )

  return (
    <>
      <Card heading={page.formHeading}>
        <form key={filedCount} ref={formRef} className={styles.form} onSubmit={submit} noValidate>
          {data.plans?.some(isPricedPlan) ? (
            <PlanList plans={data.plans} currency={currency} />
          ) : null}
          {page.choice && form.choice ? (
            <SelectField
              name="choice"
              label={page.choice.label}
              placeholder={page.choice.placeholder}
              options={choiceOptions(data)}
              value={chosen}
              onChange={(event) =>
                setChoice({ form: filedCount, value: event.currentTarget.value })
              }
              error={fieldErrors.choice}
              disabled={busy}
            />
          ) : null}
          <p className={styles.note}>{page.confirming}</p>
          <SelectField
            name="type"
            label={t`Coin type`}
            options={coinOptions}
            value={coinType}
            onChange={(event) => setCoinType(event.currentTarget.value)}
            error={fieldErrors.type}
            disabled={busy}
          />
          {address ? (
            <div className={styles.address}>
              <p className={styles.addressText}>
                <span className={styles.addressLabel}>{depositAddressLabel}</span>
                {coin?.network ? (
                  <span className={styles.network}>
                    <Trans>Network: {network}</Trans>
                  </span>
                ) : null}
                <span className={styles.addressValue}>{address}</span>
              </p>
              <CopyButton value={address} label={depositAddressLabel} />
            </div>
          ) : null}
          <TextField
            // A priced plan fills the amount with its price: a new input for each price.
            key={`amount-${price ?? ''}`}
            name="amount"
            label={t`Amount (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={price ?? ''}
            readOnly={price !== undefined}
            hint={price !== undefined ? t`The price of ${chosen}` : undefined}
            error={fieldErrors.amount}
            disabled={busy}
          />
          <TextField
            name="txHash"
            label={t`Transaction hash`}
            hint={t`From your wallet once the payment is sent: ${hashShape}. We look your payment up on the chain with it.`}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className={styles.hash}
            error={fieldErrors.txHash}
            disabled={busy}
          />
          <UploadBox
            label={page.proofLabel}
            name={form.proofField}
            error={fieldErrors.proof}
            disabled={busy}
          />
          <Button type="submit" fullWidth busy={busy} busyLabel={t`Submitting…`}>
            {page.submitLabel}
          </Button>
        </form>
      </Card>
      <Card heading={page.listHeading}>
        <RequestList
          requests={data.transactions}
          currency={data.currency}
          emptyText={page.emptyList}
        />
      </Card>
    </>
  )
}

const isPricedPlan = (plan: Plan) => plan.price !== undefined

/** The plans with a price (upgrades): each one's name, price and what it changes. */
function PlanList({ plans, currency }: { plans: readonly Plan[]; currency: string }) {
  return (
    <ul className={styles.plans} aria-label={t`Price list`}>
      {plans.map((plan) => (
        <li key={plan.planName} className={styles.plan}>
          <span className={styles.planHead}>
            <span className={styles.planName}>{plan.planName}</span>
            {plan.price !== undefined ? (
              <Money amount={plan.price} currency={currency} className={styles.planPrice} />
            ) : null}
          </span>
          <span className={styles.planChanges}>{planChanges(plan, currency)}</span>
        </li>
      ))}
    </ul>
  )
}
