import type { LogoutResult } from '#machines/logout.machine'
import type { FlowOutcomes } from './outcomes'

/** What the `logout` call can answer, by label (convention: src/dev/outcomes/outcomes.ts). */

const logout = (result: LogoutResult) => result

export const logoutOutcomes = {
  done: { label: 'session revoked', output: logout({ ok: true, data: { status: true } }) },
  network: { label: 'network failure', output: logout({ ok: false, reason: 'network' }) },
  thrown: { label: 'the call threw', error: new Error('logout threw') },
} as const

export const outcomes: FlowOutcomes = {
  signOut: Object.values(logoutOutcomes),
}
