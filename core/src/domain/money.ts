import type { Cents } from '../contract/service.ts'

/**
 * An exact non-negative decimal written as text: a percentage (`'9.975'` for 9.975 %) or a
 * multiplier (`'1.5'`). Text, because 9.975 % is 997.5 basis points and no binary float holds
 * 0.09975 exactly; the arithmetic below turns it into a fraction of integers.
 */
export type Decimal = string

const decimalPattern = /^\d{1,9}(\.\d{1,6})?$/

/**
 * Whether a text is a {@link Decimal}: up to 9 digits, optionally a point and up to 6 decimals.
 * @example
 * isDecimal('9.975') // true
 * isDecimal('1e3')   // false
 */
export function isDecimal(value: string): boolean {
  return decimalPattern.test(value)
}

/** A decimal as the fraction `numerator / denominator` of integers. */
function fraction(value: Decimal): [bigint, bigint] {
  if (!isDecimal(value)) throw new RangeError(`Not a decimal: ${JSON.stringify(value)}`)
  const [whole, decimals = ''] = value.split('.') as [string, string?]
  return [BigInt(whole + decimals), 10n ** BigInt(decimals.length)]
}

function integer(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number: ${value}`)
  return BigInt(value)
}

function quotientHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) throw new RangeError('Division by zero')
  const negative = numerator < 0n !== denominator < 0n
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator]
  const magnitude = (2n * n + d) / (2n * d)
  const result = Number(negative ? -magnitude : magnitude)
  return result === 0 ? 0 : result
}

/**
 * Rounds to the nearest integer, halves away from zero: 2.5 → 3 and -2.5 → -3, so a discount
 * rounds exactly like the charge it mirrors. Use it on values that are already exact; for a
 * ratio of integers use {@link divideRoundHalfUp}, which never goes through a float.
 * @example
 * roundHalfUp(2.5)  // 3
 * roundHalfUp(-2.5) // -3
 * roundHalfUp(2.49) // 2
 */
export function roundHalfUp(value: number): number {
  const result = Math.sign(value) * Math.round(Math.abs(value))
  return result === 0 ? 0 : result
}

/**
 * `numerator / denominator` rounded half away from zero, computed exactly on integers.
 * @example
 * divideRoundHalfUp(45, 60)  // 1  (0.75)
 * divideRoundHalfUp(30, 60)  // 1  (0.5)
 * divideRoundHalfUp(-30, 60) // -1
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return quotientHalfUp(integer(numerator, 'numerator'), integer(denominator, 'denominator'))
}

/**
 * The amount of one line paid or billed by the hour: `minutes × rate / 60 × factor`, rounded
 * once, half up. Totals are sums of these rounded lines, so a document always adds up.
 * @example
 * lineAmount(50, 2999)        // 2499  (2499.1666…)
 * lineAmount(90, 2000, '1.5') // 4500  (overtime at time and a half)
 * lineAmount(1, 30)           // 1     (0.5 rounds up)
 */
export function lineAmount(minutes: number, rateCentsPerHour: Cents, factor: Decimal = '1'): Cents {
  const [numerator, denominator] = fraction(factor)
  return quotientHalfUp(integer(minutes, 'minutes') * integer(rateCentsPerHour, 'rate') * numerator, 60n * denominator)
}

/**
 * A whole number times an exact decimal, rounded once, half up: minutes of leave earned at
 * so many hours per hour worked.
 * @example
 * multiplyRoundHalfUp(2400, '0.04') // 96 (40 hours worked earn 1.6 hours)
 * multiplyRoundHalfUp(25, '0.1')    // 3  (2.5)
 */
export function multiplyRoundHalfUp(value: number, factor: Decimal): number {
  const [numerator, denominator] = fraction(factor)
  return quotientHalfUp(integer(value, 'value') * numerator, denominator)
}

/**
 * A percentage of an amount, rounded once, half up (away from zero for a negative amount).
 * @example
 * percentOf(10000, '9.975') // 998  (997.5)
 * percentOf(-10000, '9.975') // -998
 * percentOf(12345, '13')    // 1605 (1604.85)
 */
export function percentOf(cents: Cents, percent: Decimal): Cents {
  const [numerator, denominator] = fraction(percent)
  return quotientHalfUp(integer(cents, 'cents') * numerator, 100n * denominator)
}

/**
 * The sum of amounts already rounded to cents.
 * @example
 * sumCents([2499, 4500, -500]) // 6499
 */
export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + Number(integer(amount, 'amount')), 0)
}
