import { redirect, useLoaderData, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { failureMessage } from '#api/call-failure'
import { clientStorage } from '#api/client-storage'
import type { CallResponse } from '#api/contract'
import { call } from '#api/session-client'
import { loginPath } from '../../-components/route-guard'
import { pinCheckRedirect, pinCreationPath } from './pin-check'

export type Statement = CallResponse<'getstatement'>

export type StatementState =
  | { status: 'ready'; data: Statement }
  | { status: 'failed'; message: string }

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
  const [statement, pincheck] = await Promise.all([call('getstatement', {}), call('pincheck', {})])
  if (!statement.ok && statement.reason === 'unauthorized') {
    clientStorage.remove('baUid')
    throw redirect({ to: loginPath, replace: true })
  }
  const target = pinCheckRedirect({
    statement,
    pincheck,
    onPinCreation: pathname.includes(pinCreationPath),
  })
  if (target) throw redirect({ to: target, replace: true })
  return statement.ok
    ? { status: 'ready', data: statement.data }
    : { status: 'failed', message: failureMessage(statement) }
}

/** The statement the `/dashboard` loader gave, and a way to load it again (Retry). */
export function useStatement(): { state: StatementState; reload: () => void } {
  const state = useLoaderData({ from: '/dashboard' })
  const router = useRouter()
  const reload = useCallback(() => void router.invalidate(), [router])
  return { state, reload }
}
