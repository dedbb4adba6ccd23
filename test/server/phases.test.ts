import { describe, expect, it } from 'vitest'
import { loggedPhases, terminalPhases } from '#server/phases'

const took = /\d+\.\d s/

describe('start-up phases', () => {
  it('write one terminal line per phase, opened at the start and closed at the end', async () => {
    let written = ''
    const phase = terminalPhases({ write: (text: string) => (written += text) })
    const result = await phase('migrating', async () => {
      expect(written).toBe('[portal] migrating… ')
      return 42
    })
    expect(result).toBe(42)
    expect(written).toMatch(/^\[portal\] migrating… done in \d+\.\d s\n$/)
  })

  it('word the end from the result when asked, and say when a phase failed', async () => {
    const lines: string[] = []
    const phase = loggedPhases((line) => lines.push(line))
    await phase(
      'seeding demo customers',
      async () => false,
      (seeded) => (seeded ? 'done' : 'skipped'),
    )
    await expect(
      phase('opening the database', async () => {
        throw new Error('disk full')
      }),
    ).rejects.toThrow('disk full')
    expect(lines[0]).toBe('seeding demo customers… skipped')
    expect(lines[1]).toMatch(/^opening the database… failed after /)
    expect(lines[1]).toMatch(took)
  })
})
