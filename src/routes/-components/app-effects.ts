import { useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { clientStorage } from '#api/client-storage'
import type { AppEffectName, appEffects } from '#machines/app-provided'
import { adminAreaUrl } from '#ui/admin-area'
import { homePath, loginPath } from './route-guard'

/** The app's implementation of each shared effect, with the params its machine passes. */
export type AppEffectImplementations = {
  [Name in AppEffectName]: (args: unknown, params: Parameters<(typeof appEffects)[Name]>[1]) => void
}

/**
 * The shared navigation and storage effects of every flow (src/machines/app-provided.ts),
 * written once: a screen hands them to its machine with `machine.provide({ actions: { ...effects } })`.
 * Leaving for login or the dashboard replaces the history entry, so Back does not return to a
 * flow that has ended.
 */
export function useAppEffects(): AppEffectImplementations {
  const navigate = useNavigate()
  return useMemo(
    () => ({
      goToLogin: () => void navigate({ to: loginPath, replace: true }),
      goToLoginAfterTimeout: (_, { idleMinutes }) =>
        void navigate({ to: loginPath, search: { idle: idleMinutes }, replace: true }),
      goToDashboard: () => void navigate({ to: homePath, replace: true }),
      // Spec 4: account/verify?email=… (the /account/verify/$email route reads the same).
      goToVerify: (_, { email }) => void navigate({ to: '/account/verify', search: { email } }),
      goToKycForm: () => void navigate({ to: '/account/kyc/form' }),
      goToKycUnderReview: () => void navigate({ to: '/account/kyc/under-review' }),
      goToAccountNotice: () => void navigate({ to: '/account/info/notice' }),
      goToAdminArea: () => window.location.assign(adminAreaUrl),
      storeSessionToken: (_, { token, remember }) => clientStorage.setSessionToken(token, remember),
      storeKycToken: (_, { token }) => clientStorage.set('tempbaUid', token),
      storeNoticeToken: (_, { token }) => clientStorage.set('sbaUid', token),
      forgetSessionToken: () => clientStorage.remove('baUid'),
      forgetKycToken: () => clientStorage.remove('tempbaUid'),
      forgetNoticeToken: () => clientStorage.remove('sbaUid'),
      clearStorage: () => clientStorage.clearAll(),
    }),
    [navigate],
  )
}
