import { createFileRoute } from '@tanstack/react-router'
import { requireFlowToken } from '../../-components/flow-token'
import { NoticeScreen } from './-components/notice-screen'

/** The account notice of a customer whose login answered ismsg; needs sbaUid. */
export const Route = createFileRoute('/_signed-out/account/info/notice')({
  beforeLoad: () => requireFlowToken('sbaUid'),
  component: NoticeScreen,
})
