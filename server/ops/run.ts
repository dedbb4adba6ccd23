import { userInfo } from 'node:os'
import type { Database } from '../db/database'
import { operatorAuditLog } from '../db/schema'
import { commands } from './commands'

/**
 * Runs one operator command line (`group action args...`, or a one-word command such as
 * `notify`) and writes every command that changes something to the append-only audit log, with
 * what it printed or why it was refused. Used both in the ops process and by the running
 * server's local channel (docs/decisions/033).
 */
export interface OpsResult {
  /** 0 done, 1 refused, 2 unknown command (usage printed). */
  exitCode: 0 | 1 | 2
  output: string
}

export const currentOperator = () => {
  try {
    return userInfo().username
  } catch {
    return 'unknown'
  }
}

export function usage(): string {
  const lines = ['Usage: npm run ops -- <command> [arguments]', '']
  for (const [key, entry] of Object.entries(commands))
    lines.push(`  ${`${key} ${entry.usage}`.padEnd(58)} ${entry.summary}`)
  return lines.join('\n')
}

function resolve(argv: string[]) {
  const [group = 'help', action = '', ...rest] = argv
  const twoWords = commands[`${group} ${action}`]
  if (twoWords) return { name: `${group} ${action}`, command: twoWords, args: rest }
  const oneWord = commands[group]
  if (oneWord) return { name: group, command: oneWord, args: argv.slice(1) }
  return null
}

export const isKnownCommand = (argv: string[]) => resolve(argv) !== null

/** The command's name without its arguments ("requests confirm"), for logs: arguments name customers. */
export const commandNameOf = (argv: string[]) => resolve(argv)?.name ?? 'unknown'

export async function runOpsCommand(
  db: Database,
  argv: string[],
  options: { operator: string; now: Date },
): Promise<OpsResult> {
  const found = resolve(argv)
  if (!found) return { exitCode: argv[0] === 'help' || argv.length === 0 ? 0 : 2, output: usage() }
  let result: OpsResult
  try {
    result = { exitCode: 0, output: await found.command.run(db, found.args, options.now) }
  } catch (error) {
    result = { exitCode: 1, output: error instanceof Error ? error.message : String(error) }
  }
  if (!found.command.readOnly) {
    await db.insert(operatorAuditLog).values({
      at: options.now,
      operator: options.operator.slice(0, 100),
      command: found.name,
      args: found.args,
      outcome: result.exitCode === 0 ? 'done' : 'refused',
      detail: result.output.slice(0, 2000),
    })
  }
  return result
}
