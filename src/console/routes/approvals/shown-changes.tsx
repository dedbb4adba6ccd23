import type { StaffCallResponse } from '#api/contract/staff'
import { changesTable } from './approvals.css'

type Change = NonNullable<
  StaffCallResponse<'approvallist'>['approvals'][number]['shown']['changes']
>[number]

/**
 * A proposed change, field by field: what it is now and what it would be (only the latter for
 * something new, such as a broadcast).
 */
export function ShownChanges({ changes }: { changes: Change[] }) {
  const isNew = changes.every((change) => change.from === null)
  return (
    <details>
      <summary>
        {changes.length} {changes.length === 1 ? 'field' : 'fields'}
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
          {changes.map((change) => (
            <tr key={change.field}>
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
