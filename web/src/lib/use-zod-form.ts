import { ApiError, type Province } from '@rota/core'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { isStale } from './error-text.ts'
import { failureText } from './failure-text.ts'
import { detailsToErrors, issuesToErrors, readableValues, type DescribeIssue, type FieldError, type FieldErrors } from './validation.ts'

/** A form's values as the schema sees them: text inputs left empty are absent, so optional fields stay optional. */
function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') values[name] = value
  }
  return values
}

/**
 * Where a refused submit takes the person: the first field in error in the form's own
 * order, else the alert that says why (a stale version, a refusal without details). It is
 * scrolled into view, even inside a dialog scrolled down to its buttons, and focused, so the
 * save never looks ignored.
 */
function showProblem(form: HTMLFormElement): void {
  const target = form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector<HTMLElement>('[role="alert"]')
  if (!target) return
  if (!target.matches('input, select, textarea, button, [tabindex]')) target.tabIndex = -1
  target.scrollIntoView?.({ block: 'center' })
  target.focus({ preventScroll: true })
}

/**
 * A form checked by a shared zod schema (the server checks the same one). Field errors are
 * translated, the server's per-field details shown beside them, and a refusal without
 * details shown above the form (`stale` when someone else saved the record first); the
 * first field in error, or else that alert, is scrolled into view and focused. The schema may
 * come as a loader, for a page that should not wait for zod before it shows; `describe`
 * gives a form's own messages for fields whose general one would not say what to type.
 * @example
 * const form = useZodForm(ResetPasswordRequestBody, (body) => api.resetPasswordRequest({ body }, { silent: true }))
 * <form onSubmit={form.handleSubmit} noValidate>… error={form.errorText('email')} …</form>
 */
export function useZodForm<S extends z.ZodType>(schema: S | (() => Promise<S>), submit: (data: z.output<S>) => unknown, describe?: DescribeIssue) {
  const { t, i18n } = useTranslation()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormErrorText] = useState<string | null>(null)
  // The last refusal itself: a stale version (409) is offered a reload beside its message.
  const [refusal, setRefusal] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  // Set on a refused submit; the problem is shown once the errors are on screen.
  const refusedForm = useRef<HTMLFormElement | null>(null)
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusedForm.current) showProblem(refusedForm.current)
    refusedForm.current = null
  }, [refusals])
  // Once refused, the form is watched: an error goes as soon as its field would pass (a date
  // put right stops saying it is wrong), and the server's word on a field once that field changes.
  const recheck = useRef<(form: HTMLFormElement, changed: string) => void>(() => {})
  recheck.current = (form, changed) => {
    void Promise.resolve(typeof schema === 'function' ? schema() : schema).then((checker) => {
      const parsed = checker.safeParse(valuesOf(form))
      const still = parsed.success ? {} : issuesToErrors(parsed.error.issues, describe)
      setErrors((shown) => {
        const kept = Object.entries(shown).filter(([field, error]) => (error && 'text' in error ? field !== changed : still[field] !== undefined))
        return kept.length === Object.keys(shown).length ? shown : Object.fromEntries(kept)
      })
    })
  }
  const watched = useRef<{ form: HTMLFormElement; listener: (event: Event) => void } | null>(null)
  const submitted = useRef(0)
  const unwatch = () => {
    for (const type of ['input', 'change']) watched.current?.form.removeEventListener(type, watched.current.listener)
  }
  useEffect(() => unwatch, [])
  const refused = useCallback((form: HTMLFormElement) => {
    refusedForm.current = form
    setRefusals((count) => count + 1)
    if (watched.current?.form === form) return
    unwatch()
    // After the event, never during it: errors re-rendered before React's own onChange has read the key would
    // put a controlled field back to its old value, and the key would be lost.
    // A change typed just before a save is checked by that save: its re-check, late, would undo the save's errors.
    const listener = (event: Event) => {
      const changed = (event.target as Element | null)?.getAttribute('name') ?? ''
      const submits = submitted.current
      setTimeout(() => submits === submitted.current && recheck.current(form, changed), 0)
    }
    for (const type of ['input', 'change']) form.addEventListener(type, listener)
    watched.current = { form, listener }
  }, [])
  const setFormError = useCallback((text: string | null) => {
    setFormErrorText(text)
    if (text === null) setRefusal(null)
  }, [])

  const handleSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      submitted.current += 1
      const form = event.currentTarget
      const values = valuesOf(form)
      const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(values)
      setFormError(null)
      if (!parsed.success) {
        setErrors(issuesToErrors(parsed.error.issues, describe))
        refused(form)
        return
      }
      setErrors({})
      setPending(true)
      try {
        await submit(parsed.data)
      } catch (error) {
        // A field the server refused for a reason of its own (already invited, taken) says that reason in the
        // reader's language — the answer's message; its details are English words for scripts.
        const own = error instanceof ApiError && error.code !== 'validation_failed' ? failureText(error.message, t) : undefined
        const found = error instanceof ApiError ? detailsToErrors(error.details, own) : {}
        setErrors(found)
        setRefusal(error)
        const placed = own !== undefined && Object.keys(found).some((field) => form.querySelector(`[name="${CSS.escape(field)}"]`))
        setFormErrorText(placed ? null : error instanceof Error ? failureText(error.message, t) : t('errors.generic'))
        refused(form)
      } finally {
        setPending(false)
      }
    },
    [schema, submit, describe, t, setFormError, refused],
  )

  const errorText = useCallback(
    (field: string): string | undefined => {
      const error: FieldError | undefined = errors[field]
      if (!error) return undefined
      return 'text' in error ? error.text : t(`validation.${error.key}`, readableValues(error.values, (code) => i18n.getFixedT(null, 'app')(`provinces.${code as Province}`)))
    },
    [errors, t, i18n],
  )

  return { handleSubmit, errorText, formError, stale: isStale(refusal), pending, setFormError }
}
