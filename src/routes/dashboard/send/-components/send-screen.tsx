import { t } from '@lingui/core/macro'
import { useLoaderData, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { type SendInput, sendMachine } from '#machines/send.machine'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { forgetPendingTransfer, keepPendingTransfer, readPendingTransfer } from './pending-transfer'
import { SendView } from './send-view'

/**
 * The send machine with the app's calls, navigation and the pending transfer's storage. It
 * lives in the `dashboard/send` layout, so it survives the moves between its three addresses:
 * each step puts its own address in the URL, replacing the history entry.
 */
function useSendActor(input: SendInput) {
  const router = useRouter()
  const effects = useAppEffects()
  const show = (to: '/dashboard/send' | '/dashboard/send/confirm' | '/dashboard/send/pin') => {
    if (router.state.location.pathname.replace(/\/$/, '') !== to)
      void router.navigate({ to, replace: true })
  }
  return useActorRef(
    sendMachine.provide({
      actors: {
        confirmTransferPin: fromPromise(({ input }) => call('confirmTransferPin', input)),
        confirmTransferCode: fromPromise(({ input }) => call('confirmTransferCode', input)),
        // The browser's passkey, loaded when a customer with one approves (decision 081).
        passkeyApproval: fromPromise(async ({ input }) =>
          (await import('../../../-components/passkey-browser')).passkeyAssertion(input.options),
        ),
        // Secure Payment Confirmation, where the browser offers it (decision 082).
        paymentDialogOffered: fromPromise(async ({ input }) =>
          (await import('../../../-components/payment-confirmation-browser')).paymentDialogOffered(
            input,
          ),
        ),
        paymentConfirmation: fromPromise(async ({ input }) =>
          (await import('../../../-components/payment-confirmation-browser')).paymentConfirmation(
            input,
          ),
        ),
        confirmTransferPasskey: fromPromise(({ input }) => call('confirmTransferPasskey', input)),
        submitTransfer: fromPromise(({ input }) => call('submitTransfer', input)),
        scheduleTransfer: fromPromise(({ input }) => call('scheduleTransfer', input)),
      },
      actions: {
        ...effects,
        showFormStep: () => show('/dashboard/send'),
        showConfirmStep: () => show('/dashboard/send/confirm'),
        showPinStep: () => show('/dashboard/send/pin'),
        keepPendingTransfer: (_, pending) => keepPendingTransfer(pending),
        forgetPendingTransfer,
        refreshStatement: () =>
          void router.invalidate({ filter: (match) => match.routeId === '/dashboard' }),
      },
    }),
    { input },
  )
}

function SendChain({ input }: { input: SendInput }) {
  const actor = useSendActor(input)
  return <SendView actor={actor} />
}

/** dashboard/send, send/confirm and send/pin: one machine for the three steps. */
export function SendScreen() {
  const data = useLoaderData({ from: '/dashboard/send' })
  return (
    <SectionPage title={t`Bank Transfer`} failure={data.status === 'failed' ? data.message : null}>
      {data.status === 'ready' ? (
        <SendChain
          input={{
            payees: data.payees,
            percent: data.percent,
            balance: data.balance,
            currency: data.currency,
            pending: readPendingTransfer(),
          }}
        />
      ) : null}
    </SectionPage>
  )
}
