import { and, eq, inArray } from 'drizzle-orm'
import type { ApprovalItemKind } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { approvals, staff } from '../db/schema'
import type { Decider } from './staff-tasks'

/**
 * Who proposed the decision of each item that a second person approved (four eyes,
 * docs/decisions/073), and when: the maker of its approved approval. The item's own `decided_by`
 * is the checker, whose approval applied it. Items one person decided are not in the map.
 */
export async function makersOf(
  db: Queryable,
  kind: ApprovalItemKind,
  itemIds: readonly number[],
): Promise<Map<number, Decider>> {
  if (itemIds.length === 0) return new Map()
  const rows = await db
    .select({
      itemId: approvals.itemId,
      staffId: approvals.makerStaffId,
      name: staff.name,
      at: approvals.createdAt,
    })
    .from(approvals)
    .innerJoin(staff, eq(staff.id, approvals.makerStaffId))
    .where(
      and(
        eq(approvals.itemKind, kind),
        inArray(approvals.itemId, [...itemIds]),
        eq(approvals.status, 'approved'),
      ),
    )
  return new Map(rows.map(({ itemId, ...maker }) => [itemId, maker]))
}
