import { atom } from 'jotai'

const COLLAPSED_KEY = 'rota.sidebar-collapsed'

/** The flag as the last visit left it (false when storage is off or holds something else). */
function storedFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true'
  } catch {
    return false
  }
}

const collapsed = atom(storedFlag(COLLAPSED_KEY))

/**
 * Whether the wide-screen sidebar shows icons only; kept across visits. Written by hand rather
 * than with `jotai/utils`' atomWithStorage, whose weight every signed-in page would carry for one flag.
 */
export const sidebarCollapsedAtom = atom(
  (get) => get(collapsed),
  (_get, set, value: boolean) => {
    set(collapsed, value)
    try {
      localStorage.setItem(COLLAPSED_KEY, JSON.stringify(value))
    } catch {
      // Kept for this visit only.
    }
  },
)

/** Whether the small-screen menu is open. */
export const mobileMenuOpenAtom = atom(false)
