import * as v from 'valibot'
import { numericId, plainString } from '../fields'
import { labelled } from '../labels'
import { approvalStatusNames, makerNote } from './approvals'
import { defineStaffCall } from './define'
import { settingsAreaNames } from './settings-areas'
import { isoDate, statusAnswer } from './work-fields'

/**
 * The settings the portal's forms read, edited in the console (issue 18, docs/decisions/078):
 * one area at a time, each change a proposal under four eyes, every version kept.
 */

export const settingsVersionStatusNames = ['proposed', 'applied', 'dropped'] as const

/** Where a version came from: a proposal, or the tables as they were found (the first version). */
export const settingsVersionSourceNames = ['proposal', 'tables'] as const

const readers = ['configuration', 'auditor'] as const

const area = labelled(
  v.picklist(settingsAreaNames, `must be one of ${settingsAreaNames.join(', ')}`),
  'The settings area',
)

const person = v.object({ staff_id: v.number(), name: v.string() })

/** An area's content as the bank keeps it (its shape is the area's: settings-areas/). */
const content = v.record(v.string(), v.unknown())

export const settingslist = defineStaffCall({
  access: 'staff',
  roles: readers,
  summary:
    'The settings areas, each with its current version (when it was applied, who proposed and who approved it) and how many proposals wait for a second person.',
  request: v.object({}),
  response: v.object({
    areas: v.array(
      v.object({
        area: v.picklist(settingsAreaNames),
        version: v.number(),
        source: v.picklist(settingsVersionSourceNames),
        applied_at: isoDate,
        proposed_by: v.nullable(person),
        approved_by: v.nullable(person),
        waiting: v.number(),
      }),
    ),
  }),
})

export const settingsarea = defineStaffCall({
  access: 'staff',
  roles: readers,
  summary:
    'One settings area: its current version and content, and its history newest first (the last 50: every version applied, with who proposed and approved it and when, and the proposals waiting or dropped, each with its content). The first version is the tables as they were found when the area was first read. `plan_names`: the plans a step-up limit may name (the plans offered and those customers are on).',
  request: v.object({ area }),
  response: v.object({
    area: v.picklist(settingsAreaNames),
    version: v.number(),
    content,
    plan_names: v.array(v.string()),
    versions: v.array(
      v.object({
        id: v.number(),
        /** Its number once applied; null while proposed, or when dropped. */
        version: v.nullable(v.number()),
        status: v.picklist(settingsVersionStatusNames),
        source: v.picklist(settingsVersionSourceNames),
        /** The version it was proposed on. */
        based_on: v.nullable(v.number()),
        content,
        proposed_by: v.nullable(person),
        approved_by: v.nullable(person),
        created_at: isoDate,
        /** When it was applied, or dropped. */
        decided_at: v.nullable(isoDate),
        /** Its approval in the inbox, when it was proposed by a member of staff. */
        approval: v.nullable(v.object({ id: v.number(), status: v.picklist(approvalStatusNames) })),
      }),
    ),
  }),
})

export const settingspropose = defineStaffCall({
  access: 'staff',
  roles: ['configuration'],
  audit: 'settings propose',
  summary:
    'Proposes a new version of one settings area: its whole content as the form has it (JSON: text as typed, true or false for a tick box), checked by the same rules as the console’s form, and the version it was made on. Nothing changes until a second member of staff with the configuration role approves it in the approvals inbox; refused when another version was applied since `based_on`, or when nothing would change.',
  request: v.object({
    area,
    based_on: labelled(numericId, 'The version it was made on'),
    content: labelled(
      v.pipe(
        plainString(),
        v.maxLength(200_000, 'must be at most 200,000 characters'),
        v.parseJson(undefined, 'must be the settings as JSON'),
      ),
      'The settings',
    ),
    note: makerNote,
  }),
  response: statusAnswer,
})
