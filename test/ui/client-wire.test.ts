import { describe, expect, it } from 'vitest'
import { wireFor } from '#api/client-wire'
import { callNames } from '#api/contract'
import * as insights from '#api/contract/insights'
import {
  insightsCallNames,
  payeeBookCallNames,
  scheduledTransferCallNames,
} from '#api/contract/lazy-calls'
import * as payeeBook from '#api/contract/payee-book'
import { portalCalls } from '#api/contract/portal-calls'
import * as scheduledTransfers from '#api/contract/scheduled-transfers'

describe("the client's wire", () => {
  it('names every call of the payee book as one of its chunk, and no other', () => {
    expect([...payeeBookCallNames].sort()).toEqual(Object.keys(payeeBook).sort())
  })

  it('names every call of Insights as one of its chunk, and no other', () => {
    expect([...insightsCallNames].sort()).toEqual(Object.keys(insights).sort())
  })

  it('names every call of the scheduled transfers as one of its chunk, and no other', () => {
    expect([...scheduledTransferCallNames].sort()).toEqual(Object.keys(scheduledTransfers).sort())
  })

  it("finds every call's definition, in the chunk that holds it", async () => {
    for (const name of callNames) {
      const wire = await wireFor(name)
      expect(wire.calls[name], name).toBeDefined()
      expect(Object.hasOwn(wire.calls, name), name).toBe(true)
    }
    // The portal's own wire carries none of the sections' schemas.
    for (const name of [...payeeBookCallNames, ...insightsCallNames, ...scheduledTransferCallNames])
      expect(Object.hasOwn(portalCalls, name)).toBe(false)
  })
})
