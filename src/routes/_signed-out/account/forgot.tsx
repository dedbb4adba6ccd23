import { createFileRoute } from '@tanstack/react-router'
import { ForgotScreen } from '../-components/forgot-screen'

export const Route = createFileRoute('/_signed-out/account/forgot')({
  component: ForgotScreen,
})
