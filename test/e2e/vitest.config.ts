import { defineConfig } from 'vitest/config'
import { linguiMacros } from '../../scripts/build/lingui-macros.ts'
import { clockBoundFirst } from '../support/clock-bound-first.ts'

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
    sequence: { sequencer: clockBoundFirst(['session-timeout.e2e.test.ts']) },
  },
})
