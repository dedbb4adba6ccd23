import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { clientStorage } from '#api/client-storage'
import { call } from '#api/session-client'

/**
 * Log out: ask the server to revoke the token (best effort: the call takes the token as stored
 * when it is made, before the keys are cleared, and its answer is not awaited), clear every stored key, go to login.
 */
export function useLogout(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    void call('signOut', {})
    clientStorage.clearAll()
    void navigate({ to: '/account/login', replace: true })
  }, [navigate])
}
