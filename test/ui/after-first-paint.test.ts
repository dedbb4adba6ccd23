import { afterEach, describe, expect, it, vi } from 'vitest'

type PaintCallback = (
  entries: { getEntriesByName(name: string): unknown[] },
  observer: { disconnect(): void },
) => void

/** A PerformanceObserver that reports paint entries when the test says so. */
function stubPaintObserver() {
  const observers: PaintCallback[] = []
  class FakeObserver {
    static supportedEntryTypes = ['paint']
    constructor(callback: PaintCallback) {
      observers.push(callback)
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  return (name: string) => {
    for (const callback of observers)
      callback(
        { getEntriesByName: (asked) => (asked === name ? [{ name }] : []) },
        {
          disconnect() {},
        },
      )
  }
}

/** A fresh copy of the module: it remembers the first paint once seen. */
const load = async () => {
  vi.resetModules()
  return import('#ui/after-first-paint')
}

const settledWithin = async (promise: Promise<void>, ms: number) => {
  let settled = false
  void promise.then(() => {
    settled = true
  })
  await new Promise((resolve) => setTimeout(resolve, ms))
  return settled
}

describe('the first contentful paint, presented', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('waits for the first-contentful-paint entry, not the first paint, then stays settled', async () => {
    const report = stubPaintObserver()
    const { firstPaintPresented } = await load()
    const presented = firstPaintPresented()
    report('first-paint')
    expect(await settledWithin(presented, 20)).toBe(false)
    report('first-contentful-paint')
    expect(await settledWithin(presented, 20)).toBe(true)
    expect(firstPaintPresented()).toBe(presented)
  })

  it('settles at once in a hidden tab, which paints nothing', async () => {
    stubPaintObserver()
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const { firstPaintPresented } = await load()
    expect(await settledWithin(firstPaintPresented(), 0)).toBe(true)
    vi.restoreAllMocks()
  })

  it('settles when the tab is hidden before it has painted', async () => {
    stubPaintObserver()
    const { firstPaintPresented } = await load()
    const presented = firstPaintPresented()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await settledWithin(presented, 0)).toBe(true)
  })

  it('settles after the next frame where the browser reports no paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    const { firstPaintPresented } = await load()
    expect(await settledWithin(firstPaintPresented(), 100)).toBe(true)
  })
})
