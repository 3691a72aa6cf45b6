import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

/** Whether the wide-screen sidebar shows icons only; kept across visits. */
export const sidebarCollapsedAtom = atomWithStorage('rota.sidebar-collapsed', false, undefined, { getOnInit: true })

/** Whether the small-screen menu is open. */
export const mobileMenuOpenAtom = atom(false)
