import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { EyeIcon, EyeOffIcon } from './icons.tsx'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string
  label: string
  hint?: ReactNode
  /** The field's error, already translated; ties it to the input for screen readers. */
  error?: string
  ref?: Ref<HTMLInputElement>
}

/**
 * The mark beside the label of a field that must be filled in; the input itself carries
 * `required`, which screen readers announce, so the mark is only for the eye (and stays
 * out of the label, whose text is the field's name).
 */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  const { t } = useTranslation()
  if (!required) return null
  return (
    <span aria-hidden="true" title={t('field.required')} className="ml-0.5 text-red-700">
      *
    </span>
  )
}

const inputClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none disabled:bg-slate-50 disabled:text-slate-500'

/**
 * A labelled input with its hint and error; a required one is marked beside its label.
 * @example
 * <TextField name="email" type="email" label={t('auth:fields.email')} autoComplete="email" error={errors.email} />
 */
export function TextField({ name, label, hint, error, className = '', type = 'text', ...props }: TextFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const { t } = useTranslation()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const ring = error ? 'ring-red-400 focus:ring-red-600' : 'ring-slate-300 focus:ring-primary-600'
  const password = type === 'password'
  return (
    <div className={className}>
      <div className="flex items-baseline">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <RequiredMark required={props.required} />
      </div>
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={password && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          className={`${inputClass} ${ring} ${password ? 'pr-11' : ''}`}
          {...props}
        />
        {password && (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-pressed={revealed}
            aria-label={t('field.showPassword')}
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

/**
 * A labelled native select: the most accessible choice on every device.
 * @example
 * <SelectField name="timezone" label={t('auth:fields.timezone')} options={zones} defaultValue="America/Toronto" />
 */
export function SelectField({
  name,
  label,
  options,
  error,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'className'> & {
  name: string
  label: string
  options: readonly { value: string; label: string }[]
  error?: string
}) {
  const id = useId()
  return (
    <div>
      <div className="flex items-baseline">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <RequiredMark required={props.required} />
      </div>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} mt-1.5 ring-slate-300 focus:ring-primary-600`}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <p className="mt-1.5 text-sm text-red-700">{error}</p>}
    </div>
  )
}
