import { defineConfig } from 'vitest/config'

/** Browser journeys: the built app and the real server, driven in headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // The servers it starts hash at the test suite's cheap cost (server/auth/secrets.ts).
    env: { PORTAL_HASHING_COST: 'test' },
    // Each portal's PGlite starts as a copy of one migrated template (test/support/pglite-template.ts).
    globalSetup: ['test/support/pglite-template.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium and one server at a time: the CI machine has two cores.
    fileParallelism: false,
  },
})
