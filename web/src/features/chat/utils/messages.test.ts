import type { ChatMessage } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { mentionQuery, mentionsIn, mergeMessage, oldestFirst, type MessagePages } from './messages.ts'

const m = (seq: number, body = `m${seq}`) => ({ id: `id-${seq}`, seq, body }) as unknown as ChatMessage
const pages = (...lists: number[][]): MessagePages => ({ pages: lists.map((seqs) => ({ rows: seqs.map((seq) => m(seq)), has_more: false })), pageParams: lists.map(() => undefined) })

describe('chat messages in the cache', () => {
  it('puts a new message first, replaces a changed one where it is, and keeps one of each', () => {
    const cached = pages([5, 4], [3, 2])
    const added = mergeMessage(cached, m(6))!
    expect(oldestFirst(added).map((row) => row.seq)).toEqual([2, 3, 4, 5, 6])
    const edited = mergeMessage(added, m(3, 'fixed'))!
    expect(oldestFirst(edited).find((row) => row.seq === 3)!.body).toBe('fixed')
    expect(oldestFirst(mergeMessage(edited, m(6))).map((row) => row.seq)).toEqual([2, 3, 4, 5, 6])
    expect(mergeMessage(undefined, m(1))).toBeUndefined()
  })

  it('finds mentions by name and the mention being typed', () => {
    expect(mentionsIn('Thanks @ann lee and @Bob', [{ id: 'a', name: 'Ann Lee' }, { id: 'b', name: 'Bob Roy' }])).toEqual(['a'])
    expect(mentionQuery('hi @an', 6)).toBe('an')
    expect(mentionQuery('hi @', 4)).toBe('')
    expect(mentionQuery('mail a@b', 8)).toBeNull()
    expect(mentionQuery('hi @an there', 12)).toBeNull()
  })
})
