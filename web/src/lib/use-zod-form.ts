import { ApiError } from '@rota/core'
import { useCallback, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { isStale } from './error-text.ts'
import { failureText } from './failure-text.ts'
import { detailsToErrors, issuesToErrors, type DescribeIssue, type FieldError, type FieldErrors } from './validation.ts'

/** A form's values as the schema sees them: text inputs left empty are absent, so optional fields stay optional. */
function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') values[name] = value
  }
  return values
}

function focusField(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors)[0]
  const field = first ? form.elements.namedItem(first) : null
  if (field instanceof HTMLElement) field.focus()
}

/**
 * A form checked by a shared zod schema (the server checks the same one). Field errors are
 * translated, the server's per-field details shown beside them, and a refusal without
 * details shown above the form (`stale` when someone else saved the record first); focus
 * moves to the first field in error. The schema may
 * come as a loader, for a page that should not wait for zod before it shows; `describe`
 * gives a form's own messages for fields whose general one would not say what to type.
 * @example
 * const form = useZodForm(ResetPasswordRequestBody, (body) => api.resetPasswordRequest({ body }, { silent: true }))
 * <form onSubmit={form.handleSubmit} noValidate>… error={form.errorText('email')} …</form>
 */
export function useZodForm<S extends z.ZodType>(schema: S | (() => Promise<S>), submit: (data: z.output<S>) => unknown, describe?: DescribeIssue) {
  const { t } = useTranslation()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormErrorText] = useState<string | null>(null)
  // The last refusal itself: a stale version (409) is offered a reload beside its message.
  const [refusal, setRefusal] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  const setFormError = useCallback((text: string | null) => {
    setFormErrorText(text)
    if (text === null) setRefusal(null)
  }, [])

  const handleSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const form = event.currentTarget
      const values = valuesOf(form)
      const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(values)
      setFormError(null)
      if (!parsed.success) {
        const found = issuesToErrors(parsed.error.issues, describe)
        setErrors(found)
        focusField(form, found)
        return
      }
      setErrors({})
      setPending(true)
      try {
        await submit(parsed.data)
      } catch (error) {
        const found = error instanceof ApiError ? detailsToErrors(error.details) : {}
        setErrors(found)
        setRefusal(error)
        setFormErrorText(error instanceof Error ? failureText(error.message, t) : t('errors.generic'))
        focusField(form, found)
      } finally {
        setPending(false)
      }
    },
    [schema, submit, describe, t, setFormError],
  )

  const errorText = useCallback(
    (field: string): string | undefined => {
      const error: FieldError | undefined = errors[field]
      if (!error) return undefined
      return 'text' in error ? error.text : t(`validation.${error.key}`, error.values)
    },
    [errors, t],
  )

  return { handleSubmit, errorText, formError, stale: isStale(refusal), pending, setFormError }
}
