import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { sendMachine } from '#machines/send.machine'
import { SendConfirmStep } from './send-confirm-step'
import { SendFormStep } from './send-form-step'
import { SendPinStep } from './send-pin-step'
import { TransferScheduled } from './transfer-scheduled'
import { TransferSubmitted } from './transfer-submitted'

export type SendActor = ActorRefFrom<typeof sendMachine>

/** The send chain drawn from its machine: the step its state is in (decision 043). */
export function SendView({ actor }: { actor: SendActor }) {
  const step = useSelector(actor, (snapshot) => {
    if (snapshot.hasTag('redirecting')) return 'submitted'
    if (snapshot.matches('scheduled')) return 'scheduled'
    if (snapshot.hasTag('pinStep')) return 'pin'
    if (snapshot.hasTag('confirmStep')) return 'confirm'
    if (snapshot.hasTag('formStep')) return 'form'
    return 'leaving'
  })
  switch (step) {
    case 'form':
      return <SendFormStep actor={actor} />
    case 'confirm':
      return <SendConfirmStep actor={actor} />
    case 'pin':
      return <SendPinStep actor={actor} />
    case 'submitted':
      return <TransferSubmitted actor={actor} />
    case 'scheduled':
      return <TransferScheduled actor={actor} />
    default:
      return null
  }
}
