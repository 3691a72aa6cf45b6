import type { Auth, HandlerContext } from '../../context.ts'
import { unprocessable } from '../../errors.ts'
import { serviceActive } from '../../repositories/services.ts'
import { locationActive, schedulableStaff } from '../../repositories/shifts.ts'

/**
 * A shift's person, client and service must be the business's own (and the person not
 * disabled): anything else is a 422 naming the field, never a failed foreign key. With
 * `scheduling`, the client and service must be active too: an archived one takes no new
 * shift (hours already worked there may still be recorded).
 */
export async function requireParts(ctx: HandlerContext<Auth>, parts: { staff_id?: string | null; location_id?: string; service_id?: string }, scheduling = false): Promise<void> {
  const { businessId } = ctx.auth
  if (parts.staff_id && (await schedulableStaff(ctx.db, businessId, [parts.staff_id])).length === 0) {
    throw unprocessable('staff_not_found', { staff_id: 'No such team member (or disabled)' })
  }
  if (parts.location_id) {
    const active = await locationActive(ctx.db, businessId, parts.location_id)
    if (active === undefined) throw unprocessable('location_not_found', { location_id: 'No such client' })
    if (scheduling && !active) throw unprocessable('location_archived', { location_id: 'This client is archived' })
  }
  if (parts.service_id) {
    const active = await serviceActive(ctx.db, businessId, parts.service_id)
    if (active === undefined) throw unprocessable('service_not_found', { service_id: 'No such service' })
    if (scheduling && !active) throw unprocessable('service_archived', { service_id: 'This service is archived' })
  }
}
