import { z } from 'zod'
import { Email, Id, ListQuery, RequiredText, Timestamp, Version } from './common.ts'
import { Cents } from './service.ts'

// Here rather than beside the settings (account.ts re-exports them): the settings' own address
// is written with this file's schemas, and an import back the other way would be a cycle.
export const CANADIAN_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const
export const Province = z.enum(CANADIAN_PROVINCES)
export type Province = z.infer<typeof Province>

/** Put back together as A1A 1A1 whatever spacing or hyphen was typed; the check below then reads one form. */
function postalCodeForm(value: string): string {
  const compact = value.replace(/[\s-]+/g, '')
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value
}

/**
 * A Canadian postal code, stored as `A1A 1A1` in capitals. Canada Post never uses
 * D F I O Q U, and W or Z never start one.
 * @example
 * PostalCode.parse('k1a0b1') // 'K1A 0B1'
 */
export const PostalCode = z
  .string()
  .trim()
  .toUpperCase()
  .overwrite(postalCodeForm)
  .regex(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/, 'Enter a Canadian postal code such as K1A 0B1')

/** The province or territory each first letter of a postal code belongs to (Canada Post's forward sortation areas). */
const POSTAL_AREAS: Readonly<Record<string, readonly Province[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
}

/**
 * The provinces or territories a postal code can be in, by its first letter (X serves
 * both the Northwest Territories and Nunavut); empty for something that is not one.
 * @example
 * postalCodeProvinces('M5V 2T6') // ['ON']
 */
export function postalCodeProvinces(postalCode: string): readonly Province[] {
  return POSTAL_AREAS[postalCode.trim().charAt(0).toUpperCase()] ?? []
}

/**
 * Refuses an address whose postal code belongs to another province (M5V 2T6 is Toronto,
 * not Québec), on the postal code field. The issue carries `params.code`
 * (`postal_code_province`), the province given and the ones the code belongs to, so every
 * client can say it in its own language. Either field missing or malformed: nothing to compare.
 */
export function postalCodeInProvince(value: { province?: string | null | undefined; postal_code?: string | null | undefined }, ctx: z.RefinementCtx): void {
  const { province, postal_code: postalCode } = value
  if (!province || !postalCode) return
  const expected = postalCodeProvinces(postalCode)
  if (expected.length === 0 || (expected as readonly string[]).includes(province)) return
  ctx.addIssue({
    code: 'custom',
    path: ['postal_code'],
    message: `A postal code starting with ${postalCode.charAt(0).toUpperCase()} is in ${expected.join(' or ')}, not ${province}`,
    params: { code: 'postal_code_province', letter: postalCode.charAt(0).toUpperCase(), province, expected: expected.join(', ') },
  })
}

const extension = /\s*(?:ext\.?|x|poste|#)\s*(\d{1,6})$/i

/** Put back together as 613-555-0123 (ext. 45) whatever grouping was typed, if it holds ten digits. */
function phoneForm(value: string): string {
  const ext = extension.exec(value)
  const main = ext ? value.slice(0, ext.index) : value
  if (!/^[+\d\s().-]+$/.test(main)) return value
  let digits = main.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (digits.length !== 10) return value
  const number = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
  return ext ? `${number} ext. ${ext[1]}` : number
}

/**
 * A Canadian (North American) phone number, stored as `613-555-0123` with an optional
 * `ext. 45`. Rota serves Canadian businesses only (SPEC.md §9), so other countries'
 * numbers are refused rather than stored in a form nobody can dial from here.
 * @example
 * Phone.parse('+1 (613) 555 0123 x45') // '613-555-0123 ext. 45'
 */
export const Phone = z
  .string()
  .trim()
  .overwrite(phoneForm)
  .regex(/^[2-9]\d{2}-[2-9]\d{2}-\d{4}( ext\. \d{1,6})?$/, 'Enter a 10-digit phone number such as 613-555-0123')

/** Latitude inside Canada's bounding box (Middle Island to Cape Columbia). */
export const Latitude = z.number().min(41.6, 'Use a latitude in Canada (41.6 to 83.2)').max(83.2, 'Use a latitude in Canada (41.6 to 83.2)')

/** Longitude inside Canada's bounding box (Yukon–Alaska border to Cape Spear). */
export const Longitude = z
  .number()
  .min(-141.1, 'Use a longitude in Canada (-141.1 to -52.6)')
  .max(-52.6, 'Use a longitude in Canada (-141.1 to -52.6)')

const required = RequiredText
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).nullable()

/**
 * A Canadian street address's fields, as a client's and the business's own are written: the
 * street and city as typed, a province or territory, and a postal code of that form.
 * @example
 * AddressFields.postal_code.parse('h2x-3k8') // 'H2X 3K8'
 */
export const AddressFields = {
  street: required(200),
  city: required(100),
  province: Province,
  postal_code: PostalCode,
}

const editable = {
  name: required(120),
  contact_person: optionalText(100),
  email: Email.nullable(),
  phone: Phone.nullable(),
  ...AddressFields,
  latitude: Latitude.nullable(),
  longitude: Longitude.nullable(),
  billing_notes: optionalText(2000),
  active: z.boolean(),
}

/** A map pin needs both coordinates; one alone would put it on a meridian or a parallel. */
function coordinatesTogether(value: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx): void {
  const { latitude, longitude } = value
  if ((latitude == null) === (longitude == null) && (latitude === undefined) === (longitude === undefined)) return
  const missing = latitude === undefined || (latitude === null && longitude != null) ? 'latitude' : 'longitude'
  ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither', params: { code: 'coordinates_together' } })
}

/** A client location (labelled "Clients" in the app): where staff are scheduled to work. */
export const Location = z.object({
  id: Id,
  ...editable,
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Location = z.infer<typeof Location>

/**
 * A client's own bill rate for one of the business's services, in cents per hour: every hour of
 * that service at this client is billed at it rather than at the service's rate (decision 037).
 */
export const LocationRate = z.object({
  service_id: Id,
  service_name: z.string(),
  bill_rate_cents: Cents,
})
export type LocationRate = z.infer<typeof LocationRate>

/**
 * One client as `GET /location/{id}` answers it (and creating, changing or re-pricing it): the
 * location with its own rates, by service name. The list leaves the rates out.
 */
export const LocationDetail = Location.extend({ rates: z.array(LocationRate) })
export type LocationDetail = z.infer<typeof LocationDetail>

/** More rates than any business has services, to bound a body. */
const MAX_RATES = 1000

/** Each service at most once in a client's rates: the second and later mentions are refused on their `service_id`. */
function servicesOnce(rates: readonly { service_id: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>()
  rates.forEach((rate, index) => {
    if (seen.has(rate.service_id)) ctx.addIssue({ code: 'custom', path: [index, 'service_id'], message: 'This service already has a rate above', params: { code: 'duplicate_service' } })
    seen.add(rate.service_id)
  })
}

/**
 * `PUT /location/{id}/rates`: the client's whole set of own rates, replacing the one stored (a
 * service left out goes back to its own rate), with the client's version read (a stale one: 409).
 * @example
 * SetLocationRatesBody.parse({ rates: [{ service_id: cleaningId, bill_rate_cents: 5200 }], version: 3 })
 */
export const SetLocationRatesBody = z.object({
  rates: z
    .array(z.object({ service_id: Id, bill_rate_cents: Cents }))
    .max(MAX_RATES, `Use at most ${MAX_RATES} rates`)
    .superRefine(servicesOnce),
  version: Version,
})
export type SetLocationRatesBody = z.infer<typeof SetLocationRatesBody>

/**
 * A new location. Contact details, coordinates and notes may be left out (null);
 * a location starts active.
 * @example
 * CreateLocationBody.parse({ name: 'Harbourfront Centre', street: '235 Queens Quay W', city: 'Toronto',
 *   province: 'ON', postal_code: 'm5j2g8' })
 */
export const CreateLocationBody = z
  .object({
    ...editable,
    contact_person: editable.contact_person.default(null),
    email: editable.email.default(null),
    phone: editable.phone.default(null),
    latitude: editable.latitude.default(null),
    longitude: editable.longitude.default(null),
    billing_notes: editable.billing_notes.default(null),
    active: editable.active.default(true),
  })
  .superRefine(coordinatesTogether)
  .superRefine(postalCodeInProvince)
export type CreateLocationBody = z.infer<typeof CreateLocationBody>

/**
 * Changes to a location: only the fields sent change. Carries the version read, so a
 * stale edit is refused (409) instead of overwriting someone else's. A postal code sent
 * without its province (or the reverse) is compared with the stored one by the server.
 * @example
 * UpdateLocationBody.parse({ active: false, version: 3 })
 */
export const UpdateLocationBody = z.object(editable).partial().extend({ version: Version }).superRefine(coordinatesTogether).superRefine(postalCodeInProvince)
export type UpdateLocationBody = z.infer<typeof UpdateLocationBody>

/** `GET /location`: search (`q` in name, city, contact), `filter[active]`, `filter[province]`, sort by name, city, created_at. */
export const LocationQuery = ListQuery.extend({
  sort: z.enum(['name', 'city', 'province', 'created_at', 'updated_at']).optional(),
  filter: z.object({ active: z.enum(['true', 'false']).optional(), province: Province.optional() }).optional(),
})
export type LocationQuery = z.infer<typeof LocationQuery>
