import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import {
  activeLeafPaths,
  createExplorer,
  type Explorer,
  possibleSteps,
  startFlow,
  takeStep,
} from '#dev/flow-explorer/session'
import { loadFlow, loadFlows } from '../../tools/flows/load-flows'

/** The flow explorer's logic: what it offers and where each click leads, without a browser. */

function start(explorer: Explorer, input: unknown = {}): AnyMachineSnapshot {
  const started = startFlow(explorer, input)
  if (!started.ok) throw new Error(started.error)
  return started.snapshot
}

function click(
  explorer: Explorer,
  snapshot: AnyMachineSnapshot,
  label: string,
  data: Record<string, Record<string, unknown>> = {},
): AnyMachineSnapshot {
  const steps = possibleSteps(explorer, snapshot, data)
  const step = steps.find((candidate) => candidate.label === label)
  if (!step) throw new Error(`no step "${label}" among: ${steps.map((s) => s.label).join(' | ')}`)
  const result = takeStep(explorer, snapshot, step)
  if (!result.ok) throw new Error(result.error)
  return result.snapshot
}

describe('flow explorer session', () => {
  it("walks verify's resend countdown through a failed and a successful resend", async () => {
    const explorer = createExplorer(await loadFlow('verify'))
    let snapshot = start(explorer, { email: 'ada@example.com' })
    const timers = possibleSteps(explorer, snapshot).filter((step) => step.group === 'timer')
    expect(timers.map((step) => [step.label, step.chosen])).toEqual([
      ['after tick (1 s) [isLastSecond] → verifying.resend.available', false],
      ['after tick (1 s) → verifying.resend.counting', true],
    ])
    snapshot = click(explorer, snapshot, 'after tick (1 s) → verifying.resend.counting')
    expect(snapshot.context.secondsLeft).toBe(179)
    // the branch the guard refuses at 179 s is taken by forcing the guard
    snapshot = click(
      explorer,
      snapshot,
      'after tick (1 s) [isLastSecond] → verifying.resend.available',
    )
    expect(activeLeafPaths(snapshot)).toEqual([
      ['verifying', 'code', 'entering'],
      ['verifying', 'resend', 'available'],
    ])
    snapshot = click(explorer, snapshot, 'RESEND → verifying.resend.sending')
    const answers = possibleSteps(explorer, snapshot).filter((step) => step.group === 'outcome')
    expect(answers.map((step) => step.label)).toEqual([
      'resendVerificationCode: code sent',
      'resendVerificationCode: too soon',
      'resendVerificationCode: refused, no message',
      'resendVerificationCode: not built yet (501)',
      'resendVerificationCode: network failure',
      'resendVerificationCode: client fault',
    ])
    snapshot = click(explorer, snapshot, 'resendVerificationCode: client fault')
    expect(snapshot.value).toEqual({ verifying: { code: 'entering', resend: 'available' } })
    expect(snapshot.context.resendNotice).toEqual({
      tone: 'error',
      message: 'Something went wrong',
    })
    snapshot = click(explorer, snapshot, 'RESEND → verifying.resend.sending')
    snapshot = click(explorer, snapshot, 'resendVerificationCode: code sent')
    expect(snapshot.value).toEqual({ verifying: { code: 'entering', resend: 'counting' } })
    expect(snapshot.context).toMatchObject({
      secondsLeft: 180,
      resendNotice: { tone: 'success', message: 'Code Sent, Please Wait' },
    })
  })

  it('reports an event that needs data instead of breaking', async () => {
    const flows = await loadFlows()
    const login = flows.find((flow) => flow.name === 'login')
    if (!login) return
    const explorer = createExplorer(login)
    const snapshot = start(explorer)
    const step = possibleSteps(explorer, snapshot).find((s) => s.eventType === 'SUBMIT_EMAIL')
    expect(step).toBeDefined()
    if (!step) return
    const result = takeStep(explorer, snapshot, step)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toContain('does the event need data?')
  })

  it('offers no step in a final state', async () => {
    const explorer = createExplorer(await loadFlow('verify'))
    const snapshot = start(explorer, { email: 'ada@example.com' })
    expect(possibleSteps(explorer, { ...snapshot, status: 'done' } as AnyMachineSnapshot)).toEqual(
      [],
    )
  })

  it('starts every flow with an empty input or says why not', async () => {
    for (const flow of await loadFlows()) {
      const started = startFlow(createExplorer(flow), {})
      if (!started.ok) expect(started.error).toMatch(/\S/)
      else expect(possibleSteps(createExplorer(flow), started.snapshot).length).toBeGreaterThan(0)
    }
  })
})
