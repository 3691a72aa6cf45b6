import type { ButtonHTMLAttributes, Ref } from 'react'
import { Spinner } from './spinner.tsx'

const variants = {
  primary: 'bg-primary-700 text-white shadow-sm hover:bg-primary-800 disabled:bg-primary-700/60',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 shadow-sm hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-700/60',
} as const

const sizes = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-11 px-5 text-base gap-2',
} as const

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  /**
   * Shows a spinner and ignores presses until the work is done (SPEC.md §4): `aria-disabled`,
   * not `disabled`, so the focus stays on the button (a browser drops it from a disabled one).
   */
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

/** The building block of every action: `type="button"` unless told otherwise. */
export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', extra = ''): string {
  return `inline-flex items-center justify-center rounded-lg font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${extra}`
}

/**
 * A button, disabled when `disabled`; while its work runs (`loading`) it keeps the focus and
 * a press does nothing, a form's submission by Enter included (that presses the submit button).
 * @example
 * <Button type="submit" loading={pending}>{t('auth:login.submit')}</Button>
 */
export function Button({ variant = 'primary', size = 'md', loading = false, disabled, className = '', children, type = 'button', onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      className={buttonClass(variant, size, `aria-busy:cursor-progress ${className}`)}
      onClick={(event) => (loading ? event.preventDefault() : onClick?.(event))}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  )
}
