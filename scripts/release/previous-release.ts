/**
 * The previous release's code (scripts/release/previous.json names its commit), ready to run
 * beside this one: for the test that starts both on one database (docs/decisions/108). Taken
 * from this clone's git history with `git archive` (no work tree is registered, the clone's own
 * files are untouched) into a directory under the system's temporary folder, kept for the next
 * run. Its node_modules is this checkout's when both lock files are the same, else its own
 * (`npm ci`). A clone without that commit (shallow, or a copy without .git) fetches it from
 * `origin` when it can, and otherwise fails saying how to get it.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { projectRoot } from '#server/project-root'

const run = promisify(execFile)

export interface ReleaseRef {
  version: string
  commit: string
}

export const previousReleaseFile = path.join(projectRoot, 'scripts/release/previous.json')

export function previousRelease(): ReleaseRef {
  const { version, commit } = JSON.parse(readFileSync(previousReleaseFile, 'utf8')) as ReleaseRef
  if (!/^[0-9a-f]{40}$/.test(commit))
    throw new Error(`${previousReleaseFile}: commit must be 40 hex digits`)
  return { version, commit }
}

const git = (...args: string[]) => run('git', ['-C', projectRoot, ...args], { maxBuffer: 1 << 26 })

async function hasCommit(commit: string) {
  return git('cat-file', '-e', `${commit}^{commit}`).then(
    () => true,
    () => false,
  )
}

/** Makes sure this clone has the commit: fetched from origin when the clone lacks it. */
async function ensureCommit(release: ReleaseRef) {
  if (await hasCommit(release.commit)) return
  await git('fetch', '--quiet', '--depth=1', 'origin', release.commit).catch(() => {})
  if (await hasCommit(release.commit)) return
  throw new Error(
    `The previous release ${release.version} (commit ${release.commit}, named in scripts/release/previous.json) is not in this clone, and could not be fetched from origin. A shallow clone lacks it: run \`git fetch --unshallow\` (or \`git fetch origin ${release.commit}\`) and try again.`,
  )
}

/** A lock file's packages without the root package's own entry (its version moves each release). */
function dependenciesOf(lock: string) {
  const { '': _root, ...packages } = (JSON.parse(lock) as { packages: Record<string, unknown> })
    .packages
  return JSON.stringify(packages)
}

/** The previous release's project directory, extracted and ready for `node --import tsx`. */
export async function checkOutPreviousRelease(): Promise<{ root: string; release: ReleaseRef }> {
  const release = previousRelease()
  const ownLock = await readFile(path.join(projectRoot, 'package-lock.json'), 'utf8')
  // Kept per checkout and its dependencies: a kept copy may link to this checkout's node_modules.
  const keptFor = createHash('sha256')
    .update(`${projectRoot}\n${dependenciesOf(ownLock)}`)
    .digest('hex')
    .slice(0, 12)
  const root = path.join(
    tmpdir(),
    `portal-release-${release.version}-${release.commit.slice(0, 12)}-${keptFor}`,
  )
  const ready = path.join(root, '.portal-release-ready')
  if (existsSync(ready)) return { root, release }
  await ensureCommit(release)
  const making = `${root}.making-${process.pid}`
  await rm(making, { recursive: true, force: true })
  await mkdir(making, { recursive: true })
  try {
    const archive = path.join(making, '.release.tar')
    await git('archive', '--format=tar', `--output=${archive}`, release.commit)
    await run('tar', ['-xf', archive, '-C', making])
    await rm(archive)
    const theirLock = await readFile(path.join(making, 'package-lock.json'), 'utf8')
    if (dependenciesOf(ownLock) === dependenciesOf(theirLock))
      await symlink(
        path.join(projectRoot, 'node_modules'),
        path.join(making, 'node_modules'),
        'dir',
      )
    else
      await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: making,
        maxBuffer: 1 << 26,
      })
    await writeFile(path.join(making, '.portal-release-ready'), `${release.commit}\n`)
    await rename(making, root).catch(async (error: NodeJS.ErrnoException) => {
      // Another run made it at the same time: theirs is as good.
      if (!existsSync(ready)) throw error
      await rm(making, { recursive: true, force: true })
    })
  } catch (error) {
    await rm(making, { recursive: true, force: true })
    throw error
  }
  return { root, release }
}
