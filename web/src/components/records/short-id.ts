/**
 * A record's id where no name is known for it (retired since, or not the reader's to read),
 * cut to its first eight characters: enough to tell two apart, short enough to read. Shown
 * labelled (`records.history.shortId`: "ID 4723ad7d…").
 * @example
 * t('records.history.shortId', { id: shortId('4723ad7d-b49e-4c1a-9f0e-2c8f6b1d0e42') }) // 'ID 4723ad7d…'
 */
export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id)
