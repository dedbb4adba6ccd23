/**
 * A CPU profile of this process (the server) over one API run, written where BENCH_PROFILE
 * names a directory: `<dir>/server-<clients>.cpuprofile`, for Chrome DevTools or any
 * .cpuprofile reader. The run itself, not the set-up before it.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import path from 'node:path'

export async function profileServer(directory: string | undefined, label: string) {
  if (!directory) return { stop: async () => {} }
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop')
      await mkdir(directory, { recursive: true })
      await writeFile(path.join(directory, `server-${label}.cpuprofile`), JSON.stringify(profile))
      session.disconnect()
    },
  }
}
