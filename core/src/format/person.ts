interface Named {
  firstname?: string | null
  lastname?: string | null
  email?: string | null
}

/**
 * How a person is named in lists, menus and chat: first and last name, or the e-mail
 * address for someone invited who has not filled in a name yet.
 * @example
 * displayName({ firstname: 'Marie-Ève', lastname: 'Tremblay' }) // 'Marie-Ève Tremblay'
 */
export function displayName(person: Named): string {
  const name = [person.firstname, person.lastname].map((part) => part?.trim() ?? '').filter(Boolean).join(' ')
  return name || person.email?.trim() || ''
}

/**
 * Up to two capital letters for an avatar without a picture, from the name or else
 * from the part of the e-mail address before the @.
 * @example
 * initials({ firstname: 'élise', lastname: 'Roy' }) // 'ÉR'
 * initials({ email: 'ana.lopez@example.com' })      // 'AL'
 */
export function initials(person: Named): string {
  const name = displayName({ firstname: person.firstname, lastname: person.lastname })
  const source = name || (person.email ?? '').split('@')[0] || ''
  const words = source.split(/[\s._-]+/).filter(Boolean)
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return picked.map((word) => Array.from(word ?? '')[0]?.toLocaleUpperCase() ?? '').join('')
}
