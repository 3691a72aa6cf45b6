import { describe, expect, it } from 'vitest'
import { addressLine, addressLines, mapsUrl } from './address.ts'

const casa = { street: '12 Rue Saint-Denis', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', latitude: null, longitude: null }

describe('addressLine', () => {
  it('writes the street, then the city, province and postal code', () => {
    expect(addressLine(casa)).toBe('12 Rue Saint-Denis, Montréal, QC H2X 3K8')
  })
})

describe('mapsUrl', () => {
  it('searches the address when the client has no coordinates, every character of it encoded', () => {
    const url = new URL(mapsUrl({ ...casa, street: '4 Rue #3 & Fils' }))
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/')
    expect(url.searchParams.get('api')).toBe('1')
    expect(url.searchParams.get('query')).toBe('4 Rue #3 & Fils, Montréal, QC H2X 3K8')
  })

  it('goes to the coordinates when the client has them', () => {
    expect(mapsUrl({ ...casa, latitude: 45.5154, longitude: -73.5687 })).toBe('https://www.google.com/maps/search/?api=1&query=45.5154%2C-73.5687')
  })
})

describe('addressLines', () => {
  it('writes the street on one line, the city, province and postal code on the next', () => {
    expect(addressLines(casa)).toEqual(['12 Rue Saint-Denis', 'Montréal QC H2X 3K8'])
  })

  it('leaves out the parts not given, and writes nothing for an address never given', () => {
    expect(addressLines({ street: null, city: 'Montréal', province: null, postal_code: 'H2X 3K8' })).toEqual(['Montréal H2X 3K8'])
    expect(addressLines({ street: '12 Rue Saint-Denis', city: null, province: null, postal_code: null })).toEqual(['12 Rue Saint-Denis'])
    expect(addressLines({ street: null, city: null, province: null, postal_code: null })).toEqual([])
  })
})
