import { watch } from 'node:fs'
import path from 'node:path'

/**
 * Calls `act` once the embedded database in `pgdata` has written its write-ahead log `writes`
 * times from now: a way to stop a server in the middle of its database work (a kill -9 while
 * large rows are being written), not before it starts nor after it ends.
 */
export function afterWalWrites(pgdata: string, writes: number, act: () => void) {
  let seen = 0
  const watcher = watch(path.join(pgdata, 'pg_wal'), () => {
    if (++seen === writes) act()
  })
  return {
    /** Whether `act` ran, and how many writes were seen, once the watch is closed. */
    close() {
      watcher.close()
      return { acted: seen >= writes, seen }
    },
  }
}
