import { describe, expect, it } from 'vitest'
import {
  asSessionTime,
  reachedAbsoluteEnd,
  staffIdleMinutes,
} from '../../src/console/session/staff-session-time'

const now = Date.parse('2026-11-25T10:00:00.000Z')
const me = {
  id: 1,
  email: 'ada@meridian.example',
  name: 'Ada Admin',
  roles: ['admin' as const],
  ends_at: '2026-11-25T10:15:00.000Z',
  expires_at: '2026-11-25T17:30:00.000Z',
  passkeys: 1,
  totp: false,
}

describe("a staff session's time, as the idle timeout reads it", () => {
  it("turns whoami's end into seconds left, with the 15-minute limit", () => {
    expect(asSessionTime({ ok: true, data: me }, now, null)).toEqual({
      ok: true,
      data: {
        remainingSeconds: 900,
        idleTimeoutSeconds: staffIdleMinutes * 60,
        expiresAt: me.expires_at,
      },
    })
  })

  it('keeps the 8-hour end whoami gave when keepalive answers only the new end', () => {
    const kept = asSessionTime(
      { ok: true, data: { ends_at: '2026-11-25T10:14:30.000Z' } },
      now,
      me.expires_at,
    )
    expect(kept).toEqual({
      ok: true,
      data: { remainingSeconds: 870, idleTimeoutSeconds: 900, expiresAt: me.expires_at },
    })
  })

  it('never counts below zero, and passes a failure on as it is', () => {
    const late = asSessionTime({ ok: true, data: me }, now + 3_600_000, null)
    expect(late.ok && late.data.remainingSeconds).toBe(0)
    const ended = { ok: false as const, reason: 'unauthorized' as const, message: 'ended' }
    expect(asSessionTime(ended, now, null)).toBe(ended)
  })

  it('tells the 8-hour end from an idle end', () => {
    expect(reachedAbsoluteEnd(me.expires_at, Date.parse(me.expires_at) - 2_000)).toBe(true)
    expect(reachedAbsoluteEnd(me.expires_at, now)).toBe(false)
    expect(reachedAbsoluteEnd(null, now)).toBe(false)
  })
})
