/**
 * A length of time in hours and minutes, abbreviated alike in English, French and Spanish:
 * exact, so that hours times a rate give the amount beside them (hours rounded to the
 * hundredth would not).
 * @example
 * formatMinutes(90) // '1 h 30 min'
 * formatMinutes(2770) // '46 h 10 min'
 */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
