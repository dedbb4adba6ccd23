import { useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { type ProofOfPaymentForm, proofOfPaymentMachine } from '#machines/proof-of-payment.machine'
import { toastDurations } from '#ui/toast-durations'
import { dismissToast, toast } from '#ui/toast-store'
import { useAppEffects } from '../../../-components/app-effects'
import type { SectionData } from '../section-data'
import { SectionPage } from '../section-page'
import type { ProofOfPaymentPage, RequestFormData } from './proof-of-payment-pages'
import { ProofOfPaymentView } from './proof-of-payment-view'

/**
 * The proof-of-payment machine for one form, with the app's call, toast and reload. After a
 * filed request every loader of the page runs again: the list shows it pending, and the
 * balance (the dashboard's loader) is read afresh. The flow's toast is one at a time: the
 * machine withdraws it when the next attempt starts.
 */
function useProofOfPaymentActor(form: ProofOfPaymentForm) {
  const router = useRouter()
  const effects = useAppEffects()
  const shown = useRef<number | null>(null)
  const withdraw = () => {
    if (shown.current !== null) dismissToast(shown.current)
    shown.current = null
  }
  return useActorRef(
    proofOfPaymentMachine.provide({
      actors: {
        fileRequest: fromPromise(({ input }) => call(input.call, input.fields)),
      },
      actions: {
        ...effects,
        notify: (_, { tone, message }) => {
          withdraw()
          shown.current = toast({ type: tone, message, duration: toastDurations.default })
        },
        withdrawNotice: withdraw,
        refreshRequests: () => void router.invalidate(),
      },
    }),
    { input: { form } },
  )
}

export type RequestFormState =
  | { status: 'ready'; data: RequestFormData }
  | Extract<SectionData<'cryptoDepositForm'>, { status: 'failed' }>

export interface ProofOfPaymentScreenProps {
  form: ProofOfPaymentForm
  page: ProofOfPaymentPage
  /** What the route's loader read (getcdform, getmpcform, getfdcform or getupgradeform). */
  state: RequestFormState
}

/** A deposit, payment, fixed-deposit or upgrade screen: the shared view for one form. */
export function ProofOfPaymentScreen({ form, page, state }: ProofOfPaymentScreenProps) {
  const actor = useProofOfPaymentActor(form)
  return (
    <SectionPage
      title={page.title}
      lead={page.lead}
      failure={state.status === 'failed' ? state.message : null}
    >
      {state.status === 'ready' ? (
        <ProofOfPaymentView actor={actor} page={page} data={state.data} />
      ) : null}
    </SectionPage>
  )
}
