/** Canada's time zones, west to east as people look for theirs; Rota serves Canada only (SPEC.md §9). */
export const CANADIAN_TIME_ZONES = [
  { zone: 'America/Vancouver', key: 'pacific' },
  { zone: 'America/Whitehorse', key: 'yukon' },
  { zone: 'America/Edmonton', key: 'mountain' },
  { zone: 'America/Regina', key: 'saskatchewan' },
  { zone: 'America/Winnipeg', key: 'central' },
  { zone: 'America/Toronto', key: 'eastern' },
  { zone: 'America/Halifax', key: 'atlantic' },
  { zone: 'America/St_Johns', key: 'newfoundland' },
] as const
