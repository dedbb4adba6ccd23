import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { staff } from '../db/schema'
import { staffCount } from '../domain/staff'

/**
 * The start banner's line about the staff console (docs/decisions/068): how to create the first
 * member of staff while there is none, else how many there are.
 */
export async function describeStaff(db: Queryable, publicUrl: string): Promise<string> {
  const total = await staffCount(db)
  if (total === 0)
    return 'staff console: no staff yet. Create the first member of staff (an admin) with `npm run ops -- staff add <email> admin`: the enrolment link goes by e-mail.'
  const active = await db.select({ id: staff.id }).from(staff).where(eq(staff.status, 'active'))
  return `staff console: ${publicUrl}/wp-admin/ (${active.length} active member${active.length === 1 ? '' : 's'} of staff; npm run ops -- staff list --as <your e-mail>)`
}
