import { plural, t } from '@lingui/core/macro'
import type { CallResponse } from '#api/contract'
import { currencySymbol, formatMoney, wireToMinor } from '#api/money'
import type { SelectOption } from '#ui/select-field'

/**
 * What a proof-of-payment screen shows besides the machine's fields: its words and the
 * options its loader read. One shared view draws all four (proof-of-payment-view.tsx).
 */
export interface ProofOfPaymentPage {
  title: string
  lead: string
  formHeading: string
  submitLabel: string
  listHeading: string
  /** Said when the customer has filed no request of this kind. */
  emptyList: string
  proofLabel: string
  /** What confirming the request will do, said before Submit (issue 21, item 11). */
  confirming: string
  /** The purpose or plan select; its first, empty option. */
  choice: { label: string; placeholder: string } | null
}

export const proofOfPaymentPages = {
  get deposit(): ProofOfPaymentPage {
    return {
      title: t`Crypto Deposit`,
      lead: t`Send crypto to the address shown, then tell us the amount, its transaction hash and your proof of payment.`,
      formHeading: t`Deposit`,
      submitLabel: t`Submit Deposit`,
      listHeading: t`Your deposits`,
      emptyList: t`No deposits yet`,
      proofLabel: t`Proof of payment`,
      confirming: t`You pay from your own wallet to the address below; once we have found your payment on the chain, the amount is added to your balance.`,
      choice: null,
    }
  },
  get payment(): ProofOfPaymentPage {
    return {
      title: t`Pay with crypto`,
      lead: t`Choose what the payment is for, send crypto to the address shown, then add its transaction hash and your proof.`,
      formHeading: t`Payment`,
      submitLabel: t`Submit Payment`,
      listHeading: t`Your payments`,
      emptyList: t`No payments yet`,
      proofLabel: t`Proof of payment`,
      confirming: t`You pay from your own wallet to the address below; once we have found your payment on the chain, it is recorded against its purpose. Nothing is taken from your balance.`,
      choice: { label: t`Purpose`, placeholder: t`Select ..` },
    }
  },
  get fixedDeposit(): ProofOfPaymentPage {
    return {
      title: t`Fixed deposit with crypto`,
      lead: t`Choose a plan, send crypto to the address shown, then add its transaction hash and your proof of payment.`,
      formHeading: t`Fixed deposit`,
      submitLabel: t`Submit Fixed Deposit`,
      listHeading: t`Your fixed deposits`,
      emptyList: t`No fixed deposits yet`,
      proofLabel: t`Proof of payment`,
      confirming: t`You pay from your own wallet to the address below; once we have found your payment on the chain, your fixed deposit starts, and at the plan's end it is paid into your balance with its interest.`,
      choice: { label: t`Plan`, placeholder: t`Select ..` },
    }
  },
  get upgrade(): ProofOfPaymentPage {
    return {
      title: t`Upgrade Account`,
      lead: t`Choose a plan, pay its price with crypto to the address shown, then add the transaction hash and your proof.`,
      formHeading: t`Upgrade`,
      submitLabel: t`Submit Upgrade`,
      listHeading: t`Your upgrade requests`,
      emptyList: t`No upgrade requests yet`,
      proofLabel: t`Proof of payment`,
      confirming: t`You pay from your own wallet to the address below; once we have found your payment on the chain, your account moves to the plan.`,
      choice: { label: t`Plan`, placeholder: t`Select ..` },
    }
  },
} satisfies Record<string, ProofOfPaymentPage>

/** What the four form calls answer alike, with the purposes or plans where a form has them. */
export type RequestFormData = CallResponse<'cryptoDepositForm'> &
  Partial<Pick<CallResponse<'paymentForm'>, 'purposes'>> &
  Partial<Pick<CallResponse<'fixedDepositForm'>, 'plans'>>

export type Plan = NonNullable<RequestFormData['plans']>[number]

/**
 * A plan as offered: its name; for a fixed deposit its term and yearly rate; for an upgrade its
 * price (`currency` the account's, as a code or a symbol).
 */
export function planLabel(plan: Plan, currency = '$'): string {
  const terms = [
    plan.termDays !== undefined ? termText(plan.termDays) : null,
    plan.ratePercent !== undefined ? ratePerYear(plan.ratePercent) : null,
    plan.price !== undefined
      ? formatMoney(wireToMinor(plan.price), currencySymbol(currency))
      : null,
  ].filter(Boolean)
  return terms.length > 0 ? `${plan.planName} (${terms.join(', ')})` : plan.planName
}

function termText(days: number): string {
  return plural(days, { one: '# day', other: '# days' })
}

function ratePerYear(rate: NonNullable<Plan['ratePercent']>): string {
  return t`${rate}% a year`
}

function stepUpLine(stepUpLimit: NonNullable<Plan['stepUpLimit']>, currency: string): string {
  const limit = formatMoney(wireToMinor(stepUpLimit), currencySymbol(currency))
  return t`Transfers above ${limit} need an e-mailed code.`
}

/**
 * What choosing a plan changes, in a line: the step-up limit it brings (transfers above it need
 * the e-mailed code, decision 031) and the bank's description. Empty when the bank said nothing.
 */
export function planChanges(plan: Plan, currency = '$'): string {
  return [
    plan.stepUpLimit !== undefined ? stepUpLine(plan.stepUpLimit, currency) : null,
    plan.description ? `${plan.description.replace(/\.$/, '')}.` : null,
  ]
    .filter(Boolean)
    .join(' ')
}

/** The plan of a form by its name, if the form has plans. */
export function planNamed(data: RequestFormData, name: string): Plan | undefined {
  return data.plans?.find((plan) => plan.planName === name)
}

/** The purpose or plan options of a form's data (none for a deposit). */
export function choiceOptions(data: RequestFormData): SelectOption[] {
  if (data.purposes) {
    return data.purposes.map(({ purposeName }) => ({ value: purposeName, label: purposeName }))
  }
  return (data.plans ?? []).map((plan) => ({
    value: plan.planName,
    label: planLabel(plan, data.currency || '$'),
  }))
}
