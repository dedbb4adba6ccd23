import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * `package.json` "imports" (#api/…, #ui/…) is what Node, tsx, Vite and Vitest resolve;
 * TypeScript resolves the same aliases through tsconfig `paths`, because it does not add
 * extensions to subpath imports. The two lists must say the same thing.
 */
describe('import aliases', () => {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

  it('tsconfig paths mirror package.json imports', () => {
    const imports: Record<string, string> = read('package.json').imports
    const paths: Record<string, string[]> = read('tsconfig.json').compilerOptions.paths
    expect(Object.keys(imports).length).toBeGreaterThan(0)
    expect(paths).toEqual(
      Object.fromEntries(Object.entries(imports).map(([alias, target]) => [alias, [target]])),
    )
  })
})
