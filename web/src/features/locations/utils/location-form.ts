import { CreateLocationBody, postalCodeInProvince } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, optionalDecimal, ticked } from '../../../lib/form-values.ts'

const field = CreateLocationBody.shape

/**
 * The client form's text fields as the body the contract checks, field by field so every
 * problem shows at once: empty optional fields are null, the box ticked is `active`.
 * The rules themselves (province list, A1A 1A1 belonging to the province, coordinates in
 * Canada) are the contract's.
 */
export const LocationForm = z
  .object({
    name: field.name,
    contact_person: blankAsNull.pipe(field.contact_person.unwrap()),
    email: blankAsNull.pipe(field.email.unwrap()),
    phone: blankAsNull.pipe(field.phone.unwrap()),
    street: field.street,
    city: field.city,
    province: field.province,
    postal_code: field.postal_code,
    latitude: optionalDecimal.pipe(field.latitude.unwrap()),
    longitude: optionalDecimal.pipe(field.longitude.unwrap()),
    billing_notes: blankAsNull.pipe(field.billing_notes.unwrap()),
    active: ticked,
  })
  // A map pin needs both coordinates (the server checks it too).
  .superRefine(({ latitude, longitude }, ctx) => {
    if ((latitude === null) !== (longitude === null)) ctx.addIssue({ code: 'custom', path: [latitude === null ? 'latitude' : 'longitude'], message: 'Give both or neither' })
  })
  .superRefine(postalCodeInProvince)
