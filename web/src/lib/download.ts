/**
 * Saves text as a file, such as a CSV template, without a round trip to the server.
 * @example
 * downloadText('clients-template.csv', `\uFEFF${csvTemplate('locations')}`, 'text/csv;charset=utf-8')
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
