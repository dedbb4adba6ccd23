import { userInfo } from 'node:os'
import { rolesOf } from '../auth/staff-sessions'
import type { Database } from '../db/database'
import { recordOperatorAction } from '../domain/audit-log'
import { findStaffByEmail, type StaffActor, staffCount } from '../domain/staff'
import { recordRead } from '../domain/staff-tasks'
import { rolesForCommand } from './command-roles'
import { commands } from './commands'
import { databaseFileCommands } from './database-file-commands'

/**
 * Runs one operator command line (`group action args...`, or a one-word command such as
 * `notify`) and writes every command that changes something to the append-only audit log, with
 * what it printed or why it was refused. Used both in the ops process and by the running
 * server's local channel (docs/decisions/033).
 *
 * The person who acts is named with `--as <staff e-mail>` (docs/decisions/068): an active member
 * of staff holding one of the command's roles (command-roles.ts), written to the audit log in
 * place of the operating-system account. Until the first member of staff exists, commands run
 * without it and the log names the operating-system account, as before.
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
  const lines = [
    'Usage: npm run ops -- <command> [arguments] --as <your staff e-mail>',
    '(--as is needed once a member of staff exists; the first: staff add <email> admin)',
    '',
  ]
  for (const [key, entry] of Object.entries(commands))
    lines.push(`  ${`${key} ${entry.usage}`.padEnd(58)} ${entry.summary}`)
  lines.push('', 'Run by the database owner in this process, with DATABASE_URL (no --as):')
  for (const [key, entry] of Object.entries(databaseFileCommands))
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

/**
 * `--as <email>` (or `--as=<email>`) taken out of a command line: the e-mail, and the rest.
 * Null e-mail when it is not given; an empty one when `--as` has nothing after it.
 */
export function takeActing(argv: string[]): { as: string | null; argv: string[] } {
  const rest: string[] = []
  let as: string | null = null
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string
    if (arg === '--as') {
      as = argv[index + 1] ?? ''
      index++
    } else if (arg.startsWith('--as=')) as = arg.slice('--as='.length)
    else rest.push(arg)
  }
  return { as, argv: rest }
}

/** The acting person of a command named `name`, or why it may not run. */
async function actingPerson(
  db: Database,
  name: string,
  options: { operator: string; as?: string | null },
): Promise<{ actor: StaffActor; refusal?: string }> {
  const terminal: StaffActor = { staffId: null, email: options.operator }
  const roles = rolesForCommand(name)
  if (options.as === undefined || options.as === null) {
    if ((await staffCount(db)) === 0) return { actor: terminal }
    return {
      actor: terminal,
      refusal: `Name yourself: npm run ops -- ${name} … --as <your staff e-mail> (it needs the role ${roles.join(' or ')}).`,
    }
  }
  const person = await findStaffByEmail(db, options.as)
  if (person?.status !== 'active' || !person)
    return {
      actor: terminal,
      refusal: `No active member of staff has the e-mail ${options.as.trim().toLowerCase()}.`,
    }
  const actor = { staffId: person.id, email: person.email }
  const held = await rolesOf(db, person.id)
  if (!roles.some((role) => held.includes(role)))
    return {
      actor,
      refusal: `${person.email} holds ${held.join(', ') || 'no role'}; ${name} needs ${roles.join(' or ')}.`,
    }
  return { actor }
}

export async function runOpsCommand(
  db: Database,
  argv: string[],
  options: {
    /** The operating-system account: the log's name for commands run before any staff existed. */
    operator: string
    /** The `--as` e-mail; undefined or null when not given. */
    as?: string | null
    now: Date
    /** The portal's public address (PUBLIC_URL), for links in e-mails. */
    publicUrl?: string
  },
): Promise<OpsResult> {
  const found = resolve(argv)
  if (!found) return { exitCode: argv[0] === 'help' || argv.length === 0 ? 0 : 2, output: usage() }
  // A refusal is logged under the person named, when they are a member of staff; else under
  // the operating-system account.
  const { actor, refusal } = await actingPerson(db, found.name, options)
  let result: OpsResult
  if (refusal) result = { exitCode: 1, output: refusal }
  else
    try {
      const context = { actor, publicUrl: options.publicUrl ?? 'http://127.0.0.1:8080' }
      result = {
        exitCode: 0,
        output: await found.command.run(db, found.args, options.now, context),
      }
    } catch (error) {
      result = { exitCode: 1, output: error instanceof Error ? error.message : String(error) }
    }
  if (found.command.readsCustomers && result.exitCode === 0)
    await recordRead(db, actor, found.name, found.args, options.now)
  if (!found.command.readOnly) {
    await recordOperatorAction(db, {
      actor,
      command: found.name,
      args: found.args,
      outcome: result.exitCode === 0 ? 'done' : 'refused',
      detail: result.output,
      at: options.now,
    })
  }
  return result
}
