import { createFileRoute } from '@tanstack/react-router'
import { SignupScreen } from '../-components/signup-screen'

export const Route = createFileRoute('/_signed-out/account/signup')({
  component: SignupScreen,
})
