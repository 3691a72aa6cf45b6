interface Address {
  street: string
  city: string
  province: string
  postal_code: string
}

/**
 * A client's address on one line, as Canada Post writes its last line (city, province, postal
 * code): what a shift's card shows and what a calendar's LOCATION and a maps search are given.
 * @example
 * addressLine({ street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' }) // '1 Quay St, Toronto, ON M5J 2N8'
 */
export function addressLine(place: Address): string {
  return `${place.street}, ${place.city}, ${place.province} ${place.postal_code}`
}

/**
 * A link that opens a place in the phone's maps (Google Maps' universal search address, which
 * Android hands to its app and any browser opens): at its coordinates when the client has them,
 * the pin a street search may miss on a new build or a rural road, else at its address.
 * @example
 * mapsUrl({ street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8', latitude: null, longitude: null })
 * // 'https://www.google.com/maps/search/?api=1&query=1%20Quay%20St%2C%20Toronto%2C%20ON%20M5J%202N8'
 */
export function mapsUrl(place: Address & { latitude: number | null; longitude: number | null }): string {
  const query = place.latitude !== null && place.longitude !== null ? `${place.latitude},${place.longitude}` : addressLine(place)
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/** An address some of whose parts may not be given (the business's own, in its settings). */
interface PartialAddress {
  street: string | null
  city: string | null
  province: string | null
  postal_code: string | null
}

/**
 * An address on the lines a letter puts it, as Canada Post writes them: the street, then the
 * city, province and postal code. The parts not given are left out, and a line with none is
 * not written, so an address never set gives no lines at all.
 * @example
 * addressLines({ street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' }) // ['1 Quay St', 'Toronto ON M5J 2N8']
 * addressLines({ street: null, city: null, province: null, postal_code: null }) // []
 */
export function addressLines(place: PartialAddress): string[] {
  const last = [place.city, place.province, place.postal_code].filter((part) => !!part).join(' ')
  return [place.street, last].filter((line): line is string => !!line)
}
