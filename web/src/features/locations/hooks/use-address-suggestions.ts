import type { Locale } from '@rota/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useServices } from '../../../lib/services.tsx'
import { placeAddress, suggestAddresses, type AddressSuggestion, type PlaceAddress } from '../api/places.ts'

/** Fewer letters match half the country: Google is asked from the third on. */
const MIN_LENGTH = 3
/** Google is asked once typing pauses, not at every key. */
const PAUSE_MS = 300

/** What the field says under it: nothing special, no address matching, or Google not answering. */
export type SuggestionsStatus = 'idle' | 'none' | 'unavailable'

interface Options {
  /** The Places API key (`maps_key` of `GET /config`). */
  mapsKey: string
  language: Locale
  /** The address already saved, if any. */
  initial: string
}

/**
 * The text of an address field and Google's suggestions for it: asked once typing pauses,
 * a request superseded by more typing cancelled, one session token for a typing session and
 * the place chosen at its end (Google bills by session). Once Google fails (offline, a key
 * refused, a quota spent), it is asked no more and the field is plain text.
 * @example
 * const address = useAddressSuggestions({ mapsKey, language: 'fr', initial: '' })
 * <input value={address.text} onChange={(event) => address.type(event.target.value)} />
 */
export function useAddressSuggestions({ mapsKey, language, initial }: Options) {
  const fetch = useServices().fetch ?? globalThis.fetch
  const [text, setText] = useState(initial)
  // What Google should be asked about: what was typed last, none once a suggestion is chosen.
  const [query, setQuery] = useState<string | null>(null)
  const [result, setResult] = useState<{ input: string; suggestions: AddressSuggestion[] } | null>(null)
  const [unavailable, setUnavailable] = useState(false)
  const session = useRef<string | null>(null)
  const typed = useRef(0)
  const choice = useRef<AbortController | null>(null)
  const sessionToken = () => (session.current ??= crypto.randomUUID())

  const input = query?.trim() ?? ''
  const asking = !unavailable && input.length >= MIN_LENGTH
  useEffect(() => {
    if (!asking) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      // Inside the promise: without randomUUID (a page not served over https) there are no suggestions, and no crash.
      Promise.resolve()
        .then(() => suggestAddresses({ fetch, key: mapsKey, input, language, sessionToken: sessionToken(), signal: controller.signal }))
        .then(
          (suggestions) => setResult({ input, suggestions }),
          () => {
            if (!controller.signal.aborted) setUnavailable(true)
          },
        )
    }, PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [asking, input, fetch, mapsKey, language])
  useEffect(() => () => choice.current?.abort(), [])

  const type = useCallback((value: string) => {
    typed.current += 1
    setText(value)
    setQuery(value)
  }, [])

  /** The place of a suggestion, its street in the field; null when Google failed or typing went on meanwhile. */
  const choose = async (suggestion: AddressSuggestion): Promise<PlaceAddress | null> => {
    const token = sessionToken()
    session.current = null
    const at = typed.current
    setQuery(null)
    setText(suggestion.main)
    choice.current?.abort()
    const controller = new AbortController()
    choice.current = controller
    try {
      const place = await placeAddress({ fetch, key: mapsKey, placeId: suggestion.placeId, language, sessionToken: token, signal: controller.signal })
      if (typed.current !== at) return null
      if (place.street) setText(place.street)
      return place
    } catch {
      if (!controller.signal.aborted) setUnavailable(true)
      return null
    }
  }

  const suggestions = asking ? (result?.suggestions ?? []) : []
  const status: SuggestionsStatus = unavailable ? 'unavailable' : asking && result?.input === input && suggestions.length === 0 ? 'none' : 'idle'
  return { text, type, choose, suggestions, status }
}
