/**
 * CPU time of the PostgreSQL backends serving one database, read from /proc (Linux, a local
 * server, permission to read its processes' stat files), and of this process's waited-for
 * children (pgbench). A backend's command line names its database: "postgres: … user db host".
 */
import { readdir, readFile } from 'node:fs/promises'

/** Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/stat. */
const ticksPerSecond = 100

/** utime+stime (fields 14 and 15) and cutime+cstime (16 and 17) of one process, in ms. */
async function statOf(pid: string): Promise<{ own: number; children: number } | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  if (!stat) return null
  // The command name (field 2) may hold spaces; the fields after it are counted from its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ms = (index: number) => (Number(fields[index - 3]) * 1000) / ticksPerSecond
  return { own: ms(14) + ms(15), children: ms(16) + ms(17) }
}

async function backendPids(database: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))
  const found: string[] = []
  await Promise.all(
    pids.map(async (pid) => {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      if (cmdline.startsWith('postgres: ') && cmdline.split(' ').includes(database)) found.push(pid)
    }),
  )
  return found
}

/** Whether this machine lets the bench read PostgreSQL's processes. */
export async function canReadBackends(): Promise<boolean> {
  const pids = (await readdir('/proc').catch(() => [])).filter((entry) => /^\d+$/.test(entry))
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (cmdline.startsWith('postgres') && (await statOf(pid))) return true
  }
  return false
}

/**
 * CPU ms of the backends of `database` from now until `stop` is called. Backends that exist for
 * the whole run (a pool's) are read at both ends; `poll` also re-reads every 100 ms, so a backend
 * that connects and exits within the run (pgbench's) counts up to its last reading.
 */
export async function measureBackends(database: string, options: { poll: boolean }) {
  const start = new Map<string, number>()
  const last = new Map<string, number>()
  for (const pid of await backendPids(database)) {
    const stat = await statOf(pid)
    if (stat) start.set(pid, stat.own)
  }
  const read = async (rescan: boolean) => {
    const pids = rescan ? await backendPids(database) : [...last.keys()]
    await Promise.all(
      pids.map(async (pid) => {
        const stat = await statOf(pid)
        if (stat) last.set(pid, stat.own)
      }),
    )
  }
  let polls = 0
  const timer = options.poll
    ? setInterval(() => {
        // New backends are looked for every second, known ones re-read every 100 ms.
        void read(polls++ % 10 === 0)
      }, 100)
    : undefined
  return {
    async stop(): Promise<number> {
      if (timer) clearInterval(timer)
      await read(true)
      let total = 0
      for (const [pid, ms] of last) total += ms - (start.get(pid) ?? 0)
      return total
    },
  }
}

/** CPU ms of this process's children that have exited and been waited for (pgbench runs). */
export async function childrenCpuMs(): Promise<number> {
  return (await statOf('self'))?.children ?? 0
}
