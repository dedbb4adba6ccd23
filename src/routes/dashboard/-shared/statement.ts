import { redirect, useLoaderData } from '@tanstack/react-router'
import type { CallResponse } from '#api/contract'
import { call } from '#api/session-client'
import { pinCheckRedirect, pinCreationPath } from './pin-check'
import { type SectionData, sectionData, useReload } from './section-data'

export type Statement = CallResponse<'dashboard'>

export type StatementState = SectionData<'dashboard'>

/**
 * The `/dashboard` route's loader: the dashboard statement (getstatement) once for the whole
 * signed-in area (the header, the side menu's unread count and the home screen read it), on
 * entering the area, not on moving between its screens. An expired or revoked token sends the
 * customer back to login.
 *
 * It asks `pincheck` in parallel: a customer without a transaction PIN is sent to PIN creation
 * before the dashboard shows (pin-check.ts decides), so no screen flashes first.
 */
export async function loadStatement(pathname: string): Promise<StatementState> {
  // On a fresh page load the boot script has already sent these two (first-calls.ts).
  const [statement, hasPinAnswer] = await Promise.all([
    call('dashboard', {}),
    call('hasTransferPin', {}),
  ])
  const state = sectionData<'dashboard'>(statement)
  const target = pinCheckRedirect({
    statement,
    hasTransferPin: hasPinAnswer,
    onPinCreation: pathname.includes(pinCreationPath),
  })
  if (target) throw redirect({ to: target, replace: true })
  return state
}

/** The statement the `/dashboard` loader gave, and a way to load it again (Retry). */
export function useStatement(): { state: StatementState; reload: () => void } {
  const state = useLoaderData({ from: '/dashboard' })
  const reload = useReload()
  return { state, reload }
}
