import { useState } from 'react'
import * as v from 'valibot'
import {
  type SettingsAreaName,
  type SettingsContent,
  type SettingsInput,
  type SettingsProblem,
  settingsAreas,
  settingsProblems,
} from '#api/contract/staff/settings-areas'

/**
 * An area's form as it is being edited: what it would send (text as typed), and the problems
 * the contract's rules found in it, the same rules and words as the server's
 * (docs/decisions/078).
 */
export interface SettingsDraft<A extends SettingsAreaName> {
  draft: SettingsInput<A>
  /** Changes the draft: `edit` changes a copy in place. */
  change(edit: (draft: SettingsInput<A>) => void): void
  /** The sentence of a field's problem ("coins.0.explorer"), or null. */
  problemAt(path: string): string | null
  problems: SettingsProblem[]
  /** What the draft makes, by the rules; null (its problems shown) when they refuse it. */
  check(): SettingsContent<A> | null
}

export function useSettingsDraft<A extends SettingsAreaName>(
  area: A,
  current: SettingsContent<A>,
): SettingsDraft<A> {
  const { schema, toInput } = settingsAreas[area] as unknown as {
    schema: v.GenericSchema<SettingsInput<A>, SettingsContent<A>>
    toInput: (content: SettingsContent<A>) => SettingsInput<A>
  }
  const [draft, setDraft] = useState(() => structuredClone(toInput(current)))
  const [problems, setProblems] = useState<SettingsProblem[]>([])
  return {
    draft,
    change(edit) {
      setDraft((before) => {
        const next = structuredClone(before)
        edit(next)
        return next
      })
    },
    problemAt: (path) => problems.find((problem) => problem.path === path)?.sentence ?? null,
    problems,
    check() {
      const checked = v.safeParse(schema, draft)
      setProblems(checked.success ? [] : settingsProblems(area, checked.issues))
      return checked.success ? checked.output : null
    },
  }
}

/** What an area's fields are given: the draft, and the version it was made on. */
export interface EditorProps<A extends SettingsAreaName>
  extends Pick<SettingsDraft<A>, 'draft' | 'change' | 'problemAt'> {
  current: SettingsContent<A>
  /** The plans a step-up limit may name. */
  planNames: string[]
}
