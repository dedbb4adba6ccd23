import path from 'node:path'
import { projectRoot } from '#server/project-root'
import { startProcess } from '../../support/child-process'

/** `npm run migrate` (server/db/migrate-main.ts) with `env`: its exit code and output. */
export async function runMigrate(env: Record<string, string>) {
  const { child, exited } = startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/db/migrate-main.ts')],
    { cwd: projectRoot, env: { ...process.env, ...env }, stdio: 'pipe' },
  )
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8')
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exit = await exited
  return { code: exit.code, output }
}
