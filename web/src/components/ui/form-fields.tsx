import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { RequiredMark } from './text-field.tsx'

/**
 * A checkbox with its label and, below, what choosing it means.
 * @example
 * <CheckboxField name="active" label={t('app:fields.active')} description={t('app:locations.activeHint')} defaultChecked />
 */
export function CheckboxField({ label, description, className = '', ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; description?: ReactNode }) {
  const id = useId()
  const hintId = description ? `${id}-hint` : undefined
  return (
    <div className={`flex gap-3 ${className}`}>
      <div className="flex h-6 shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          aria-describedby={hintId}
          className="size-4 rounded border-slate-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          {...props}
        />
      </div>
      <div className="text-sm leading-6">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={hintId} className="text-slate-600">
            {description}
          </p>
        )}
      </div>
    </div>
  )
}

/**
 * A labelled multi-line text field with its hint and error.
 * @example
 * <TextareaField name="billing_notes" label={t('app:fields.billingNotes')} rows={3} error={form.errorText('billing_notes')} />
 */
export function TextareaField({ name, label, hint, error, className = '', ...props }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> & { name: string; label: string; hint?: ReactNode; error?: string }) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={className}>
      <div className="flex items-baseline">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <RequiredMark required={props.required} />
      </div>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={`mt-1.5 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none disabled:bg-slate-50 ${error ? 'ring-red-400 focus:ring-red-600' : 'ring-slate-300 focus:ring-primary-600'}`}
        {...props}
      />
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
