import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { linguiMacros } from '../../scripts/build/lingui-macros.ts'

/** Journeys that spend most of their time waiting on the real clock, not computing. */
const waitOnTheClock = ['session-timeout.e2e.test.ts']

/**
 * vitest's order (the slowest of the last run first, else the largest file), except that the
 * journeys that wait on the clock start first: the session timeout's wait about 100 s for the
 * server's one-minute idle limit, while the other worker runs the rest. A fresh checkout (no
 * timings yet, as in CI) ordered them by size, near the end, and the run waited on them.
 */
class ClockBoundFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files)
    const waits = (file: TestSpecification) =>
      waitOnTheClock.some((name) => file.moduleId.endsWith(`/${name}`))
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))]
  }
}

/** Browser journeys: the built app and the real server, driven in headless Chromium. */
export default defineConfig({
  // The flow explorer's journey loads the statecharts, which speak through Lingui's macros.
  plugins: [linguiMacros()],
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // The servers it starts hash at the test suite's cheap cost (server/auth/secrets.ts).
    env: { PORTAL_HASHING_COST: 'test' },
    // Each portal's PGlite starts as a copy of one migrated template (test/support/pglite-template.ts).
    globalSetup: ['test/support/pglite-template.setup.ts'],
    setupFiles: ['test/support/english.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at once, each with its Chromium and its portal, even on two cores: the journeys
    // wait on the browser, the server's timers and the outbox more than they compute. Measured on
    // a loaded 2-core machine: 688 s one file at a time, 353 s two at a time, each file about as
    // long as alone. The third keeps both cores busy while the session timeout waits on the
    // clock for about 100 s.
    maxWorkers: 3,
    sequence: { sequencer: ClockBoundFirst },
  },
})
