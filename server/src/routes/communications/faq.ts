import { PRIVILEGED_ROLES, searchKey, type Faq } from '@rota/core'
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import { faqs, roles, users } from '../../db/schema/index.ts'
import { conflict, notFound } from '../../errors.ts'
import { searchOf } from '../../repositories/listing.ts'
import { VERSION } from '../../version.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/** Rota's own help, shown on the support page beside the business's administrators. */
export const ROTA_HELP_URL = 'https://github.com/rota-app/rota#readme'

type Row = typeof faqs.$inferSelect
const toFaq = (row: Row): Faq => ({
  id: row.id,
  category: row.category,
  question: row.question,
  answer: row.answer,
  position: row.position,
  version: row.version,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

export const faqHandlers: Handlers<'listFaqs' | 'createFaq' | 'updateFaq' | 'deleteFaq' | 'getSupport'> = {
  async listFaqs({ query }, ctx) {
    const rows = await ctx.db
      .select()
      .from(faqs)
      .where(and(eq(faqs.business_id, ctx.auth.businessId), searchOf(faqs.search_key, query.q)))
      .orderBy(asc(faqs.category), asc(faqs.position), asc(faqs.created_at), asc(faqs.id))
    return rows.map(toFaq)
  },

  async createFaq({ body }, ctx) {
    const { businessId } = ctx.auth
    const [last] = await ctx.db.select({ position: max(faqs.position) }).from(faqs).where(and(eq(faqs.business_id, businessId), eq(faqs.category, body.category)))
    const position = body.position ?? (last?.position ?? -1) + 1
    const [row] = await ctx.db
      .insert(faqs)
      .values({ business_id: businessId, category: body.category, question: body.question, answer: body.answer, position, search_key: searchKey(body.category, body.question, body.answer) })
      .returning()
    await audit(ctx, { action: 'faqs.create', model: 'faqs', recordId: row!.id, after: body })
    return answer(toFaq(row!), 'saved', 201)
  },

  async updateFaq({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const [before] = await ctx.db.select().from(faqs).where(and(eq(faqs.business_id, businessId), eq(faqs.id, params.id)))
    if (!before) throw notFound()
    const { version, ...changes } = body
    const next = { ...before, ...changes }
    const [row] = await ctx.db
      .update(faqs)
      .set({ ...changes, search_key: searchKey(next.category, next.question, next.answer), version: sql`${faqs.version} + 1`, updated_at: new Date() })
      .where(and(eq(faqs.business_id, businessId), eq(faqs.id, params.id), eq(faqs.version, version)))
      .returning()
    if (!row) throw conflict('stale_version', { version: before.version })
    await audit(ctx, { action: 'faqs.update', model: 'faqs', recordId: params.id, before: toFaq(before), after: changes })
    return toFaq(row)
  },

  async deleteFaq({ params }, ctx) {
    const [row] = await ctx.db.delete(faqs).where(and(eq(faqs.business_id, ctx.auth.businessId), eq(faqs.id, params.id))).returning()
    if (!row) throw notFound()
    await audit(ctx, { action: 'faqs.delete', model: 'faqs', recordId: params.id, before: toFaq(row) })
    return answer({}, 'deleted')
  },

  async getSupport(_input, ctx) {
    const administrators = await ctx.db
      .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .innerJoin(roles, and(eq(roles.business_id, users.business_id), eq(roles.id, users.role_id)))
      .where(and(eq(users.business_id, ctx.auth.businessId), eq(users.status, 'active'), inArray(roles.name, [...PRIVILEGED_ROLES])))
      .orderBy(asc(users.firstname), asc(users.lastname))
    return { administrators: administrators.map((person) => ({ name: `${person.firstname} ${person.lastname}`.trim(), email: person.email })), help_url: ROTA_HELP_URL, version: VERSION }
  },
}
