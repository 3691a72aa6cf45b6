import { invoiceDocument, type Invoice, type Locale, type PublicInvoice } from '@rota/core'
import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { invoices } from '../../db/schema/index.ts'
import { notFound } from '../../errors.ts'
import { documentLogo } from '../../records/document-logo.ts'
import { invoicePdf } from '../../records/invoice-pdf.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { authenticate } from '../../plugins/auth.ts'
import { recordView, type InvoiceRow } from '../../repositories/invoices.ts'
import type { Services } from '../../context.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { readInvoice } from './invoices.ts'

type Ctx = HandlerContext<Auth>

/** The client's link to an invoice and to its PDF, with credentials signed for this invoice and link version. */
export function invoiceLinkOf(ctx: Pick<Services, 'tokens' | 'config'>, invoice: { businessId: string; id: string; linkVersion: number }) {
  const credentials = ctx.tokens.signInvoiceLink(invoice.id, { businessId: invoice.businessId, version: invoice.linkVersion })
  return {
    url: `${ctx.config.publicUrl}/frontend/invoice/${credentials}/${invoice.id}`,
    pdf_url: `${ctx.config.publicUrl}/api/v1/public/invoice/${credentials}/${invoice.id}/pdf`,
  }
}

/** A link opens a sent invoice (paid ones too, as a receipt); never a draft or a void one. */
const SHOWN = ['sent', 'partially_paid', 'paid']

async function linkedRow(db: Db, businessId: string, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.business_id, businessId), eq(invoices.id, id)))
  if (!row || !SHOWN.includes(row.status)) throw notFound()
  return row
}

/**
 * The invoice a client's link opens, or 404 for anything else: a tampered signature, another
 * invoice's id, a revoked (older) link version, a business that does not exist, a draft or a
 * void invoice. The business is taken from the signed credentials, and only its scope is read.
 */
async function openLink(services: Services, credentials: string, id: string, view: boolean) {
  const claims = services.tokens.verifyInvoiceLink(credentials, id)
  if (!claims) throw notFound()
  return services.database.scoped({ businessId: claims.businessId }, async (db) => {
    const row = await linkedRow(db, claims.businessId, id)
    if (row.link_version !== claims.version) throw notFound()
    if (view) await recordView(db, claims.businessId, id, services.clock.now())
    const invoice = await readInvoice(db, { clock: services.clock, auth: null }, claims.businessId, id)
    return { invoice, linkVersion: row.link_version, businessId: claims.businessId }
  })
}

export const invoiceLinkHandlers: Handlers<'getInvoiceLink' | 'renewInvoiceLink' | 'publicInvoice'> = {
  async getInvoiceLink({ params }, ctx) {
    const { businessId } = ctx.auth
    const row = await linkedRow(ctx.db, businessId, params.id)
    return invoiceLinkOf(ctx, { businessId, id: row.id, linkVersion: row.link_version })
  },

  async renewInvoiceLink({ params }, ctx: Ctx) {
    const { businessId } = ctx.auth
    const version = await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<InvoiceRow>(tx, invoices, businessId, params.id, undefined)
      if (!SHOWN.includes(row.status)) throw notFound()
      const [after] = await tx
        .update(invoices)
        .set({ link_version: sql`${invoices.link_version} + 1` })
        .where(and(eq(invoices.business_id, businessId), eq(invoices.id, row.id)))
        .returning({ link_version: invoices.link_version })
      await audit(ctx, { action: 'invoices.renew_link', model: 'invoices', recordId: row.id }, tx)
      return after!.link_version
    })
    return answer(invoiceLinkOf(ctx, { businessId, id: params.id, linkVersion: version }), 'link_renewed')
  },

  async publicInvoice({ params }, ctx) {
    const { invoice, linkVersion, businessId } = await openLink(ctx, params.credentials, params.id, true)
    const { allowed_events: _events, timesheet_ids: _timesheets, expense_ids: _expenses, version: _version, created_at: _created, updated_at: _updated, ...shown } = invoice
    const result: PublicInvoice = { ...shown, pdf_url: invoiceLinkOf(ctx, { businessId, id: invoice.id, linkVersion }).pdf_url }
    return result
  },
}

const pdfName = (number: string | null) => `${(number ?? 'invoice').replace(/[^A-Za-z0-9-]/g, '')}.pdf`

/** An invoice's PDF in `locale` (the business's language when none), with the business's logo. */
export async function invoicePdfOf(services: Pick<Services, 'database' | 'files'>, businessId: string, invoice: Invoice, locale: Locale | undefined): Promise<Buffer> {
  const logo = await services.database.scoped({ businessId }, (db) => documentLogo(db, services.files, businessId, invoice.issuer.logo))
  return invoicePdf(invoiceDocument(invoice, locale ?? invoice.issuer.locale), logo)
}

/**
 * The invoice's PDF: `GET /api/v1/public/invoice/{credentials}/{id}/pdf` through the client's
 * link (the same checks as the page), and `GET /api/v1/invoice/{id}/pdf` signed in with
 * invoices:read (a draft too, stamped as such). `?lang=fr` writes it in another language.
 */
export function registerInvoicePdf(api: FastifyInstance): void {
  const languageOf = (query: unknown) => {
    const lang = (query as { lang?: string } | undefined)?.lang
    return lang === 'en' || lang === 'fr' || lang === 'es' ? lang : undefined
  }
  api.get<{ Params: { credentials: string; id: string } }>(
    '/public/invoice/:credentials/:id/pdf',
    { schema: { summary: 'An invoice’s PDF through its client’s link', tags: ['invoices'] } },
    async (request, reply) => {
      if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw notFound()
      const { invoice, businessId } = await openLink(api.services, request.params.credentials, request.params.id, false)
      const pdf = await invoicePdfOf(api.services, businessId, invoice, languageOf(request.query))
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfName(invoice.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf)
    },
  )
  api.get<{ Params: { id: string } }>(
    '/invoice/:id/pdf',
    { schema: { summary: 'An invoice’s PDF (invoices:read)', tags: ['invoices'], security: [{ bearer: [] }] } },
    async (request, reply) => {
      const auth = await authenticate(request, ['invoices', 'read'])
      if (!auth) throw notFound()
      if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw notFound()
      const invoice = await api.services.database.scoped({ businessId: auth.businessId }, (db) =>
        readInvoice(db, { clock: api.services.clock, auth }, auth.businessId, request.params.id),
      )
      const pdf = await invoicePdfOf(api.services, auth.businessId, invoice, languageOf(request.query))
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdfName(invoice.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf)
    },
  )
}
