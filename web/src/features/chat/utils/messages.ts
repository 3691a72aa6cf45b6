import type { ChatMessage, ChatMessagePage } from '@rota/core'
import type { InfiniteData } from '@tanstack/react-query'

export type MessagePages = InfiniteData<ChatMessagePage, unknown>

/**
 * A conversation's cached pages with one message merged in: a change replaces the message
 * where it is, a new one goes first (pages are newest first). A message heard twice (live and
 * in the answer to its own send) is kept once.
 * @example
 * queryClient.setQueryData(key, (pages) => mergeMessage(pages, message))
 */
export function mergeMessage(pages: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!pages) return pages
  let found = false
  const next = pages.pages.map((page) => ({
    ...page,
    rows: page.rows.map((row) => {
      if (row.id !== message.id) return row
      found = true
      return message
    }),
  }))
  if (!found && next[0]) {
    next[0] = { ...next[0], rows: [message, ...next[0].rows].sort((a, b) => b.seq - a.seq) }
  }
  return { ...pages, pages: next }
}

/**
 * The messages of the cached pages, oldest first (the order they are read in).
 * @example
 * const rows = oldestFirst(query.data)
 */
export function oldestFirst(pages: MessagePages | undefined): ChatMessage[] {
  const seen = new Set<string>()
  const rows: ChatMessage[] = []
  for (const page of pages?.pages ?? []) {
    for (const row of page.rows) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      rows.push(row)
    }
  }
  return rows.sort((a, b) => a.seq - b.seq)
}

/**
 * The people mentioned in a text: those of `people` whose `@Name` it contains.
 * @example
 * mentionsIn('Thanks @Ann Lee!', [{ id: 'a', name: 'Ann Lee' }]) // ['a']
 */
export function mentionsIn(text: string, people: readonly { id: string; name: string }[]): string[] {
  const lower = text.toLowerCase()
  return people.filter((person) => person.name && lower.includes(`@${person.name.toLowerCase()}`)).map((person) => person.id)
}

/**
 * The word being typed as a mention at the caret: the text after the last `@` that starts
 * a word, or null when the caret is not in one.
 * @example
 * mentionQuery('hi @an', 6) // 'an'
 */
export function mentionQuery(text: string, caret: number): string | null {
  const before = text.slice(0, caret)
  const match = /(?:^|\s)@([^\s@]{0,30})$/.exec(before)
  return match ? match[1]! : null
}
