import type { Auth, HandlerContext } from '../../context.ts'
import { unprocessable } from '../../errors.ts'
import { existingServices } from '../../repositories/services.ts'
import { locationExists, schedulableStaff } from '../../repositories/shifts.ts'

/**
 * A shift's person, client and service must be the business's own (and the person not
 * disabled): anything else is a 422 naming the field, never a failed foreign key.
 */
export async function requireParts(ctx: HandlerContext<Auth>, parts: { staff_id?: string | null; location_id?: string; service_id?: string }): Promise<void> {
  const { businessId } = ctx.auth
  if (parts.staff_id && (await schedulableStaff(ctx.db, businessId, [parts.staff_id])).length === 0) {
    throw unprocessable('staff_not_found', { staff_id: 'No such team member (or disabled)' })
  }
  if (parts.location_id && !(await locationExists(ctx.db, businessId, parts.location_id))) {
    throw unprocessable('location_not_found', { location_id: 'No such client' })
  }
  if (parts.service_id && (await existingServices(ctx.db, businessId, [parts.service_id])).length === 0) {
    throw unprocessable('service_not_found', { service_id: 'No such service' })
  }
}
