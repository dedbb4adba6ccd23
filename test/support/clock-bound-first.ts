import type { TestSequencer, TestSequencerConstructor, TestSpecification } from 'vitest/node'

/**
 * vitest's order (the slowest of the last run first, else the largest file), except that the
 * files named here start first: they spend much of their time waiting on the real clock (the
 * session timeout's one-minute idle limit, the chaos test's mail leases), so the other workers
 * run the rest meanwhile. A fresh checkout (no timings yet, as in CI) ordered them by size, near
 * the end, and the run waited on them.
 *
 * vitest's own sequencer is loaded when the run starts, not with the config: vite.config.ts is
 * also the build's and the dev server's, which need none of vitest.
 */
export function clockBoundFirst(names: readonly string[]): TestSequencerConstructor {
  return class ClockBoundFirst implements TestSequencer {
    private readonly base: Promise<TestSequencer>
    constructor(...context: ConstructorParameters<TestSequencerConstructor>) {
      this.base = import('vitest/node').then(({ BaseSequencer }) => new BaseSequencer(...context))
    }
    async shard(files: TestSpecification[]) {
      return (await this.base).shard(files)
    }
    async sort(files: TestSpecification[]) {
      const sorted = await (await this.base).sort(files)
      const waits = (file: TestSpecification) =>
        names.some((name) => file.moduleId.endsWith(`/${name}`))
      return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))]
    }
  }
}
