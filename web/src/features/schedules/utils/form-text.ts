/**
 * A form's fields as text, as they stand now (a box not ticked is absent): what the panel
 * checks with the server while the person is still typing.
 * @example
 * <form onChange={(event) => setValues(formText(event.currentTarget))}>
 */
export function formText(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value
  return values
}
