import { createFileRoute } from '@tanstack/react-router'
import { AccountInfoScreen } from './-components/account-info-screen'

export const Route = createFileRoute('/_signed-out/account/info/')({
  component: AccountInfoScreen,
})
