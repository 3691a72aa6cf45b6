import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { RequiredMark } from '../../../components/ui/text-field.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import type { AddressSuggestion, PlaceAddress } from '../api/places.ts'
import { useAddressSuggestions } from '../hooks/use-address-suggestions.ts'

// The look of TextField's input, so the field does not change when suggestions are on.
const inputClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none disabled:bg-slate-50 disabled:text-slate-500'

interface AddressFieldProps {
  /** The Places API key (`maps_key` of `GET /config`). */
  mapsKey: string
  name: string
  label: string
  defaultValue?: string
  required?: boolean
  /** The field's error, already translated. */
  error?: string
}

/**
 * A form's street address as a combobox of the Canadian addresses Google suggests while
 * typing (WAI-ARIA combobox: arrows move through them, Enter chooses, Escape closes).
 * Choosing one fills the street here and the form's `city`, `province`, `postal_code`,
 * `latitude` and `longitude` fields that exist, as typing them would (the form hears each
 * change). Typed text is always kept; when Google fails, a note says so and the field is
 * plain text.
 * @example
 * <AddressField mapsKey={config.maps_key} name="street" label={t('locations.fields.street')} required />
 */
export function AddressField({ mapsKey, name, label, defaultValue = '', required, error }: AddressFieldProps) {
  const { t, i18n } = useTranslation('app')
  const input = useRef<HTMLInputElement>(null)
  const address = useAddressSuggestions({ mapsKey, language: currentLocale(i18n), initial: defaultValue })
  const choose = async (chosen: AddressSuggestion | string | null) => {
    // The combobox's value is the text typed; only an option is a choice.
    if (!chosen || typeof chosen === 'string') return
    const place = await address.choose(chosen)
    const form = input.current?.form
    if (place && form) fillAddress(form, place)
  }
  const value: AddressSuggestion | string = address.text
  const note =
    address.status === 'unavailable'
      ? t('locations.addressSearch.unavailable')
      : address.status === 'none'
        ? t('locations.addressSearch.noMatch')
        : t('locations.addressSearch.hint')
  // Headless UI ties the label, the error and the note to the input (aria-labelledby, aria-describedby).
  return (
    <Field>
      <div className="flex items-baseline">
        <Label className="block text-sm font-medium text-slate-800">{label}</Label>
        <RequiredMark required={required} />
      </div>
      <Combobox value={value} onChange={(chosen) => void choose(chosen)}>
        <div className="relative mt-1.5">
          <ComboboxInput
            ref={input}
            name={name}
            defaultValue={defaultValue}
            required={required}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onChange={(event) => address.type(event.target.value)}
            className={`${inputClass} ${error ? 'ring-red-400 focus:ring-red-600' : 'ring-slate-300 focus:ring-primary-600'}`}
          />
          {address.suggestions.length > 0 && (
            <ComboboxOptions className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none">
              {address.suggestions.map((suggestion) => (
                <ComboboxOption key={suggestion.placeId} value={suggestion} className="cursor-pointer px-3 py-2 text-slate-700 data-focus:bg-primary-50 data-focus:text-primary-900">
                  <span className="font-medium text-slate-900">{suggestion.main}</span> <span className="text-slate-500">{suggestion.secondary}</span>
                </ComboboxOption>
              ))}
              {/* Google's terms ask for its attribution beside Places data shown without its map; a name, not an option. */}
              <div aria-hidden="true" className="px-3 pt-1 text-right text-[11px] text-slate-500">
                Google Maps
              </div>
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      {error && <Description className="mt-1.5 text-sm text-red-700">{error}</Description>}
      <Description role="status" className="mt-1.5 text-xs text-slate-500">
        {note}
      </Description>
    </Field>
  )
}

/** The place's parts into the form's fields of those names, each as if typed, so the form knows it changed. */
function fillAddress(form: HTMLFormElement, place: PlaceAddress) {
  const values: Record<string, string | number | undefined> = {
    city: place.city,
    province: place.province,
    postal_code: place.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
  }
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name)
    if (value === undefined || !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) continue
    if (field instanceof HTMLSelectElement && ![...field.options].some((option) => option.value === String(value))) continue
    // The prototype's setter, not the element's: React watches the latter and would take the change for its own, and ignore it.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, String(value))
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  }
}
