import { documentLogoFormat } from '@rota/core'
import { and, eq, sql } from 'drizzle-orm'
import type { Services } from '../context.ts'
import type { Db } from '../db/database.ts'
import { files } from '../db/schema/index.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The business's logo as a document's PDF can carry it: the bytes of a PNG or JPEG the business
 * uploaded as its logo to Rota's own store, else null (no logo, another kind of image, a name
 * that is not one of its logo files). With Cloudinary the server fetches nothing from outside:
 * the PDF has the name alone, as the payslip has when the browser cannot fetch its logo.
 */
export async function documentLogo(db: Db, store: Services['files'], businessId: string, logo: string | null): Promise<Buffer | null> {
  if (!logo || store.cloudinary || !UUID.test(logo)) return null
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.business_id, businessId), sql`${files.id}::text = ${logo}`, eq(files.folder, 'logos')))
  if (!row) return null
  const bytes = await store.local.read(row.id).catch(() => null)
  return bytes && documentLogoFormat(bytes) ? bytes : null
}
