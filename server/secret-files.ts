import { readFileSync } from 'node:fs'

/**
 * Secret settings may come from a file instead of the environment (docs/decisions/105): X_FILE
 * names a file holding X, as container and Kubernetes secrets are mounted. A later secret setting
 * (a replica's URL) joins by its name in `secretSettings`.
 */
export const secretSettings = ['DATABASE_URL', 'SMTP_URL', 'MAIL_KEY', 'MAIL_KEYS'] as const

export type SecretSetting = (typeof secretSettings)[number]

const fileSetting = (name: string) => `${name}_FILE`

/**
 * The environment with each X_FILE read into X (its trailing newlines trimmed, as editors and
 * `kubectl create secret --from-file` leave them), and the problems found, one per setting: a
 * file that is missing, unreadable or empty, or X and X_FILE both set. A problem names the
 * setting and the file, never what the file holds.
 */
export function readSecretFiles(
  environment: Record<string, string | undefined>,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): {
  environment: Record<string, string | undefined>
  problems: Map<string, string>
  /** The settings whose value came from a file. */
  fromFiles: Set<string>
} {
  const resolved = { ...environment }
  const problems = new Map<string, string>()
  const fromFiles = new Set<string>()
  for (const name of secretSettings) {
    const fileName = fileSetting(name)
    const file = environment[fileName]
    if (file === undefined || file === '') continue
    delete resolved[fileName]
    if (environment[name] !== undefined && environment[name] !== '') {
      problems.set(fileName, `set ${name} or ${fileName}, not both`)
      continue
    }
    let text: string
    try {
      text = read(file)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      problems.set(
        fileName,
        code === 'ENOENT'
          ? `no file ${file}`
          : code === 'EACCES'
            ? `${file} cannot be read by this process (permission denied)`
            : code === 'EISDIR'
              ? `${file} is a directory, not a file`
              : `${file} cannot be read (${code ?? 'error'})`,
      )
      continue
    }
    const value = text.replace(/[\r\n]+$/, '')
    if (value.trim() === '') {
      problems.set(fileName, `${file} is empty`)
      continue
    }
    resolved[name] = value
    fromFiles.add(name)
  }
  return { environment: resolved, problems, fromFiles }
}
