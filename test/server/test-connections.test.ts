import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '#server/project-root'

/**
 * Tests open PostgreSQL connections and start processes only through the shared helpers, which
 * listen for 'error' and close what they opened before what it talks to goes away
 * (test/support/pg-connections.ts, test/support/child-process.ts). A pool or client without an
 * error listener once failed a whole run whose assertions had all passed (issue 38).
 */
const helpers = new Set(['test/support/pg-connections.ts', 'test/support/child-process.ts'])
/** This file, whose examples are the shapes it forbids. */
const itself = 'test/server/test-connections.test.ts'

const rules: { name: string; module: string; values: RegExp }[] = [
  { name: 'a pg pool or client', module: 'pg', values: /.+/ },
  { name: 'a child process', module: 'node:child_process', values: /^(spawn|fork|exec)$/ },
]

/** What the source imports as values (not `import type`, not `type X` specifiers) from `module`. */
function valueImports(source: string, module: string): string[] {
  const names: string[] = []
  // A default or namespace import, named imports in braces, or both; `import type` left out.
  const clause = String.raw`((?:[\w$]+|\*\s+as\s+[\w$]+)?\s*,?\s*(?:\{[^}]*\})?)`
  const from = new RegExp(String.raw`import\s+(?!type\s)${clause}\s*from\s+'${module}'`, 'g')
  for (const [, imported = ''] of source.matchAll(from)) {
    const named = imported.match(/\{([^}]*)\}/)?.[1] ?? ''
    const outside = imported
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim()
    if (outside) names.push(outside)
    for (const specifier of named.split(',').map((part) => part.trim()))
      if (specifier && !specifier.startsWith('type '))
        names.push(specifier.split(/\s+as\s+/)[0] as string)
  }
  return names
}

function violations(source: string): string[] {
  const found = rules.flatMap((rule) =>
    valueImports(source, rule.module)
      .filter((name) => rule.values.test(name))
      .map((name) => `${rule.name} (${name} from '${rule.module}')`),
  )
  if (/\bnew\s+TransactionSafePool\b/.test(source))
    found.push('a pool (new TransactionSafePool: pass the class to openPool)')
  return found
}

async function testFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(projectRoot, folder), {
    recursive: true,
    withFileTypes: true,
  })
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)))
}

describe('connections and processes that tests open', () => {
  it('come from the shared helpers, which listen for errors and close them fully', async () => {
    const offenders: string[] = []
    for (const file of await testFiles('test')) {
      if (helpers.has(file) || file === itself) continue
      for (const what of violations(await readFile(path.join(projectRoot, file), 'utf8')))
        offenders.push(`${file}: ${what}`)
    }
    expect(offenders).toEqual([])
  })

  it('finds the shapes it forbids', () => {
    expect(violations("import pg from 'pg'\nnew pg.Pool()")).toHaveLength(1)
    expect(violations("import { Client, type PoolConfig } from 'pg'")).toEqual([
      "a pg pool or client (Client from 'pg')",
    ])
    expect(violations("import { type ChildProcess, spawn } from 'node:child_process'")).toEqual([
      "a child process (spawn from 'node:child_process')",
    ])
    expect(violations('const p = new TransactionSafePool({ max: 1 })')).toHaveLength(1)
    expect(violations("import type pg from 'pg'")).toEqual([])
    expect(
      violations("import { execFileSync, type ChildProcess } from 'node:child_process'"),
    ).toEqual([])
  })
})
