import { useNavigate } from '@tanstack/react-router'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { clientStorage } from '../../../api/client-storage'
import type { CallResponse } from '../../../api/contract'
import { call } from '../../../api/session-client'
import { failureMessage } from '../../-components/call-failure'

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
 */
export function StatementProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const [state, setState] = useState<StatementState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    void call('getstatement', {}).then((result) => {
      if (!live) return
      if (result.ok) {
        setState({ status: 'ready', data: result.data })
      } else if (result.reason === 'unauthorized') {
        clientStorage.remove('baUid')
        void navigate({ to: '/account/login', replace: true })
      } else {
        setState({ status: 'failed', message: failureMessage(result) })
      }
    })
    return () => {
      live = false
    }
  }, [attempt, navigate])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const value = useMemo(() => ({ state, reload }), [state, reload])

  return <StatementContext value={value}>{children}</StatementContext>
}

export function useStatement(): StatementValue {
  const value = useContext(StatementContext)
  if (!value) throw new Error('useStatement needs a StatementProvider (the dashboard layout)')
  return value
}
