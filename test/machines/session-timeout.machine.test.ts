import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/session-timeout.outcomes'
import {
  type SessionTimeResult,
  sessionTimeoutMachine,
  warningSecondsFor,
} from '#machines/session-timeout.machine'
import { idleSignOutMessage } from '#machines/session-timeout.words'
import { describeMachinePaths } from '../harness/generated-paths'
import { fakeLogout } from './support/logout'
import { outcomeLabel } from './support/outcome-label'

// ---- the provided actions, recorded in order ----

const effects: string[] = []
const machine = sessionTimeoutMachine.provide({
  actions: {
    clearStorage: () => effects.push('clear storage'),
    goToLogin: () => effects.push('go login'),
    goToLoginAfterTimeout: (_, { idleMinutes }) => effects.push(`go login after ${idleMinutes}`),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

const statusRead = { src: 'sessionStatus', id: 'sessionStatus', input: undefined }
/** The shared logout sub-flow, revoking the session token (baUid). */
const logoutSubflow = { src: 'signOut', id: 'signOut', input: { token: 'session' } }
const after = (delay: string, id: string) => `xstate.after.${delay}.${id}`

describeMachinePaths(machine, {
  events: () => [...outcomeEvents(outcomes), { type: 'STAY' }, { type: 'LOG_OUT' }],
  states: {
    checking: (snapshot: Snapshot, { event, invocations }) => {
      if (event.type === 'xstate.init') effects.length = 0
      else {
        expect([
          after('untilWarning', 'sessionTimeoutWaiting'),
          after('retryDelay', 'sessionTimeoutUnreachable'),
        ]).toContain(event.type)
      }
      // Reading the time left is never activity: no keepalive before the customer asks.
      expect(invocations.at(-1)).toEqual(statusRead)
      expect(snapshot.hasTag('warning')).toBe(false)
    },
    unreachable: (snapshot: Snapshot, { event }) => {
      if (event.type === 'xstate.done.actor.sessionStatus') {
        expect(['answer outside the contract', 'network failure']).toContain(
          outcomeLabel(outcomes, event),
        )
      } else expect(event.type).toBe('xstate.error.actor.sessionStatus')
      expect(snapshot.hasTag('warning')).toBe(false)
      expect(effects).toEqual([])
    },
    waiting: ({ context }: Snapshot, { event }) => {
      const label = outcomeLabel(outcomes, event)
      expect(['4 minutes left', 'kept alive: 5 minutes left']).toContain(label)
      expect(context.remainingSeconds).toBe(label === '4 minutes left' ? 240 : 300)
      expect(context.idleTimeoutSeconds).toBe(300)
      expect(context.alert).toBeNull()
      expect(effects).toEqual([])
    },
    'warning.counting': (snapshot: Snapshot, { event, previous }) => {
      expect(snapshot.hasTag('warning')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      const { context } = snapshot
      if (event.type === 'xstate.done.actor.sessionStatus') {
        expect(outcomeLabel(outcomes, event)).toBe('2 s left: warning due')
        expect(context.secondsLeft).toBe(2)
      } else if (event.type === after('tick', 'sessionTimeoutCounting')) {
        expect(context.secondsLeft).toBe(Math.max(0, (previous?.context.secondsLeft ?? 0) - 1))
      } else if (event.type === 'xstate.done.actor.keepAlive') {
        // "Stay signed in" did not work: the countdown goes on, with why.
        const label = outcomeLabel(outcomes, event)
        expect(label).toBe('network failure')
        expect(context.alert).toEqual({ tone: 'error', message: networkFailureMessage })
      } else {
        expect(event.type).toBe('xstate.error.actor.keepAlive')
        expect(context.alert).toEqual({ tone: 'error', message: 'An error has Occured.' })
      }
      expect(effects).toEqual([])
    },
    'warning.keepingAlive': (snapshot: Snapshot, { event, invocations }) => {
      expect(event.type).toBe('STAY')
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.alert).toBeNull()
      expect(invocations.at(-1)).toEqual({ src: 'keepAlive', id: 'keepAlive', input: undefined })
    },
    'warning.checkingBeforeEnd': (snapshot: Snapshot, { event, invocations }) => {
      // The countdown ran out: the time left is read once more before anything ends.
      expect(event.type).toBe(after('tick', 'sessionTimeoutCounting'))
      expect(snapshot.context.secondsLeft).toBe(0)
      expect(snapshot.hasTag('warning')).toBe(true)
      expect(invocations.at(-1)).toEqual(statusRead)
      expect(effects).toEqual([])
    },
    endingSession: (snapshot: Snapshot, { event, invocations }) => {
      expect(snapshot.hasTag('warning')).toBe(false)
      expect(invocations.at(-1)).toEqual(logoutSubflow)
      if (event.type === 'xstate.done.actor.sessionStatus') {
        const label = outcomeLabel(outcomes, event)
        // At the end of the countdown, no answer ends the session too.
        const atTheEnd = ['answer outside the contract', 'network failure']
        expect(['0 left', 'session ended (401)', ...atTheEnd]).toContain(label)
        if (atTheEnd.includes(label)) {
          expect(snapshot.context.remainingSeconds).toBeGreaterThan(0)
        }
      } else if (event.type === 'xstate.done.actor.keepAlive') {
        expect(outcomeLabel(outcomes, event)).toBe('session ended (401)')
      } else expect(event.type).toBe('xstate.error.actor.sessionStatus')
      expect(effects).toEqual([])
    },
    loggingOut: (snapshot: Snapshot, { event, invocations }) => {
      expect(event.type).toBe('LOG_OUT')
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)).toEqual(logoutSubflow)
      expect(effects).toEqual([])
    },
    leftForLogin: (snapshot: Snapshot) => {
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual(['clear storage', 'go login'])
    },
    leftForLoginAfterTimeout: (snapshot: Snapshot) => {
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual(['clear storage', 'go login after 5'])
    },
  },
})

const time = (remaining: number, idle = 300): SessionTimeResult => ({
  ok: true,
  data: {
    remainingSeconds: remaining,
    idleTimeoutSeconds: idle,
    expiresAt: '2026-11-23T08:00:00.000Z',
  },
})

/** The machine on a simulated clock, sessionstatus answering from a list in turn. */
function startOnClock(answers: SessionTimeResult[], keepalive?: SessionTimeResult) {
  const clock = new SimulatedClock()
  const log: string[] = []
  const actor = createActor(
    sessionTimeoutMachine.provide({
      actors: {
        sessionStatus: fromPromise(async () => {
          log.push(`status at ${clock.now() / 1000} s`)
          return answers.shift() ?? time(0)
        }),
        keepAlive: fromPromise(async () => {
          log.push(`keepalive at ${clock.now() / 1000} s`)
          return keepalive ?? time(300)
        }),
        signOut: fakeLogout(async () => {
          log.push('signOut')
          return { ok: true, data: { status: true } }
        }),
      },
      actions: {
        clearStorage: () => log.push('clear'),
        goToLogin: () => log.push('login'),
        goToLoginAfterTimeout: (_, { idleMinutes }) => log.push(`login after ${idleMinutes}`),
      },
    }),
    { clock },
  ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const advance = async (seconds: number) => {
    for (let second = 0; second < seconds; second++) {
      clock.increment(1000)
      await settle()
    }
  }
  return { actor, clock, log, settle, advance }
}

describe('the session timeout', () => {
  it('warns one minute before the end, or at half a shorter idle limit', () => {
    expect(warningSecondsFor(300)).toBe(60)
    expect(warningSecondsFor(7200)).toBe(60)
    expect(warningSecondsFor(60)).toBe(30)
    expect(warningSecondsFor(90)).toBe(45)
  })

  it('says how long the customer was idle, in minutes', () => {
    expect(idleSignOutMessage(5)).toBe(
      'You were signed out after 5 minutes without activity. Please sign in again.',
    )
    expect(idleSignOutMessage(1)).toBe(
      'You were signed out after 1 minute without activity. Please sign in again.',
    )
  })

  it('opens the warning at 60 s left, counts down each second, and ends at 0', async () => {
    const { actor, log, settle, advance } = startOnClock([time(300), time(60), time(0)])
    await settle()
    expect(actor.getSnapshot().value).toBe('waiting')
    await advance(239)
    expect(actor.getSnapshot().hasTag('warning')).toBe(false)
    await advance(1)
    expect(log).toEqual(['status at 0 s', 'status at 240 s'])
    expect(actor.getSnapshot().hasTag('warning')).toBe(true)
    expect(actor.getSnapshot().context.secondsLeft).toBe(60)
    await advance(45)
    expect(actor.getSnapshot().context.secondsLeft).toBe(15)
    await advance(15)
    await settle()
    expect(log).toEqual([
      'status at 0 s',
      'status at 240 s',
      'status at 300 s',
      'signOut',
      'clear',
      'login after 5',
    ])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('does not warn when another tab was active meanwhile: it waits for the new end', async () => {
    // At the warning time the server says 5 minutes again (a keepalive from another tab).
    const { actor, log, settle, advance } = startOnClock([time(300), time(300), time(60)])
    await settle()
    await advance(240)
    expect(actor.getSnapshot().value).toBe('waiting')
    await advance(240)
    expect(log).toEqual(['status at 0 s', 'status at 240 s', 'status at 480 s'])
    expect(actor.getSnapshot().hasTag('warning')).toBe(true)
  })

  it('closes the warning at 0 when another tab stayed signed in', async () => {
    const { actor, log, settle, advance } = startOnClock([time(60), time(250)])
    await settle()
    expect(actor.getSnapshot().hasTag('warning')).toBe(true)
    await advance(60)
    expect(actor.getSnapshot().value).toBe('waiting')
    expect(actor.getSnapshot().context.remainingSeconds).toBe(250)
    expect(log).not.toContain('clear')
  })

  it('Stay signed in calls keepalive once and waits for the new end', async () => {
    const { actor, log, settle, advance } = startOnClock([time(60), time(60)])
    await settle()
    await advance(20)
    actor.send({ type: 'STAY' })
    actor.send({ type: 'STAY' })
    await settle()
    expect(actor.getSnapshot().value).toBe('waiting')
    expect(log).toEqual(['status at 0 s', 'keepalive at 20 s'])
    await advance(240)
    expect(log.at(-1)).toBe('status at 260 s')
    expect(actor.getSnapshot().hasTag('warning')).toBe(true)
  })

  it('scales the warning for a 1-minute limit: it opens at 30 s left', async () => {
    const { actor, log, settle, advance } = startOnClock([time(60, 60), time(30, 60)])
    await settle()
    await advance(30)
    expect(log).toEqual(['status at 0 s', 'status at 30 s'])
    expect(actor.getSnapshot().context.secondsLeft).toBe(30)
  })
})
