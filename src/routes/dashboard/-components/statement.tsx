import { useRouter } from '@tanstack/react-router'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { clientStorage } from '#api/client-storage'
import type { CallResponse } from '#api/contract'
import { call } from '#api/session-client'
import { failureMessage } from '../../-components/call-failure'
import { pinCheckRedirect, pinCreationPath } from './pin-check'

export type Statement = CallResponse<'getstatement'>

export type StatementState =
  | { status: 'loading' }
  | { status: 'ready'; data: Statement }
  | { status: 'failed'; message: string }

interface StatementValue {
  state: StatementState
  reload: () => void
}

const StatementContext = createContext<StatementValue | null>(null)

/**
 * Loads the dashboard statement (getstatement) once for the whole signed-in area: the header,
 * the side menu's unread count and the home screen all read it. An expired or revoked token
 * sends the customer back to login.
 *
 * The same load asks `pincheck` (in parallel, once per load of the signed-in area, not per
 * screen): a customer without a transaction PIN is sent to PIN creation before the dashboard
 * shows (pin-check.ts decides).
 */
export function StatementProvider({ children }: { children: ReactNode }) {
  const router = useRouter()
  const [state, setState] = useState<StatementState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    void (async () => {
      const [statement, pincheck] = await Promise.all([
        call('getstatement', {}),
        call('pincheck', {}),
      ])
      if (!live) return
      if (!statement.ok && statement.reason === 'unauthorized') {
        clientStorage.remove('baUid')
        void router.navigate({ to: '/account/login', replace: true })
        return
      }
      const target = pinCheckRedirect({
        statement,
        pincheck,
        onPinCreation: Boolean(router.matchRoute({ to: pinCreationPath }, { fuzzy: true })),
      })
      // Move first, so the dashboard's home does not flash before PIN creation.
      if (target) await router.navigate({ to: target, replace: true })
      if (!live) return
      setState(
        statement.ok
          ? { status: 'ready', data: statement.data }
          : { status: 'failed', message: failureMessage(statement) },
      )
    })()
    return () => {
      live = false
    }
  }, [attempt, router])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const value = useMemo(() => ({ state, reload }), [state, reload])

  return <StatementContext value={value}>{children}</StatementContext>
}

export function useStatement(): StatementValue {
  const value = useContext(StatementContext)
  if (!value) throw new Error('useStatement needs a StatementProvider (the dashboard layout)')
  return value
}
