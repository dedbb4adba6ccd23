import { createFileRoute } from '@tanstack/react-router'
import { UnderReviewScreen } from './-components/under-review-screen'

export const Route = createFileRoute('/_signed-out/account/kyc/under-review')({
  component: UnderReviewScreen,
})
