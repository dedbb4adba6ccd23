import { type ChildProcess, execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { serverNeedsBuild } from '../../scripts/start/server-build.mjs'
import { projectRoot, webAppNeedsBuild } from '../../scripts/start/web-app-build'
import { startProcess } from '../support/child-process'
import { freePort } from '../support/free-port'

/** Every process below `pid` (Linux `ps`). */
function descendants(pid: number): number[] {
  let children: number[] = []
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number)
  } catch {
    // ps exits 1 when there are none
  }
  return children.flatMap((child) => [child, ...descendants(child)])
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    // A zombie is gone, only not yet reaped by its new parent.
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).includes(
      'Z',
    )
  } catch {
    return false
  }
}

let started: { npm: ChildProcess; tree: number[]; dataDir: string } | null = null

afterEach(() => {
  if (!started) return
  for (const pid of [started.npm.pid as number, ...started.tree])
    if (alive(pid)) process.kill(pid, 'SIGKILL')
  rmSync(started.dataDir, { recursive: true, force: true })
  started = null
})

/**
 * `npm start` until the server's code is loading (before its database opens, so no data
 * directory is created), with its processes below npm.
 */
async function startLoading() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npm-start-'))
  const { child: npm, exited } = startProcess('npm', ['start'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  started = { npm, tree: [], dataDir }
  let output = ''
  await new Promise<void>((resolve, reject) => {
    npm.stdout?.on('data', (chunk) => {
      output += chunk
      if (output.includes('[portal] loading the server code')) resolve()
    })
    void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)))
  })
  started.tree = descendants(npm.pid as number)
  return { npm, tree: started.tree, exited }
}

// A build under way would be stopped half done, leaving dist/ empty for other tests: these run
// when dist/ is up to date (after `npm run build`, or the browser tests' build), on Linux (`ps`).
describe.skipIf(process.platform !== 'linux' || webAppNeedsBuild())('npm start', () => {
  it('runs the server as npm’s own child, which a SIGTERM to npm ends with everything below it', async () => {
    const { npm, tree, exited } = await startLoading()
    // No shell between npm and the server, which would outlive npm, and no TypeScript loader.
    expect(tree.length).toBeGreaterThan(0)
    expect(
      execFileSync('ps', ['-o', 'args=', '-p', String(tree[0])], { encoding: 'utf8' }).trim(),
    ).toBe('node scripts/start.mjs')
    // The server's code loading is the compiled one, up to date with the sources.
    expect(serverNeedsBuild()).toBe(false)
    npm.kill('SIGTERM')
    expect(await exited).toEqual({ code: 128 + 15, signal: null })
    // Everything below npm ends with it at once: polled for, within 2 s.
    const deadline = Date.now() + 2_000
    while (tree.some(alive) && Date.now() < deadline) await sleep(50)
    expect(tree.filter(alive)).toEqual([])
  })

  it('stops when npm dies of a SIGHUP, which npm does not pass on', async () => {
    const { npm, tree, exited } = await startLoading()
    npm.kill('SIGHUP')
    expect(await exited).toEqual({ code: null, signal: 'SIGHUP' })
    // The server notices within a second that its parent is gone.
    const deadline = Date.now() + 10_000
    while (tree.some(alive) && Date.now() < deadline) await sleep(100)
    expect(tree.filter(alive)).toEqual([])
  })
})
