import type { StaffCallResponse } from '#api/contract/staff'
import { changesTable } from './approvals.css'

type Change = NonNullable<
  StaffCallResponse<'approvallist'>['approvals'][number]['shown']['changes']
>[number]

/**
 * A proposed change, field by field: what it is now and what it would be (only the latter for
 * something new, such as a broadcast); a settings change, one row per setting or row of a list
 * (a coin, a plan) added, removed or changed.
 */
export function ShownChanges({ changes }: { changes: Change[] }) {
  const isNew = changes.every((change) => change.from === null)
  return (
    <details>
      <summary>
        {changes.length}{' '}
        {isNew
          ? changes.length === 1
            ? 'field'
            : 'fields'
          : changes.length === 1
            ? 'change'
            : 'changes'}
      </summary>
      <table className={changesTable}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            {!isNew && <th scope="col">Now</th>}
            <th scope="col">Proposed</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a proposal's changes are fixed; two rows may share a field's name
            <tr key={index}>
              <th scope="row">{change.field}</th>
              {!isNew && <td>{change.from ?? '—'}</td>}
              <td>{change.to ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
