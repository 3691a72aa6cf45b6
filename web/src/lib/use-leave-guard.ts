import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'

/** A click that would open another page of this app in this tab. */
function appLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null
  const url = new URL(anchor.href, window.location.href)
  if (url.origin !== window.location.origin) return null
  return `${url.pathname}${url.search}`
}

/**
 * Keeps unsaved changes from being lost: while `dirty`, closing or reloading the tab asks
 * the browser's own question, and a link inside the app waits for the person to choose
 * between staying and leaving without saving (shown by the page, e.g. in a ConfirmDialog).
 * @example
 * const guard = useLeaveGuard(dirty)
 * <ConfirmDialog open={guard.asking} onConfirm={guard.leave} onClose={guard.stay} …>
 */
export function useLeaveGuard(dirty: boolean) {
  const [, navigate] = useLocation()
  const [target, setTarget] = useState<string | null>(null)
  useEffect(() => {
    if (!dirty) return undefined
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const click = (event: MouseEvent) => {
      const to = appLinkOf(event)
      if (to === null) return
      event.preventDefault()
      event.stopPropagation()
      setTarget(to)
    }
    window.addEventListener('beforeunload', beforeUnload)
    document.addEventListener('click', click, true)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      document.removeEventListener('click', click, true)
    }
  }, [dirty])
  return {
    asking: target !== null,
    stay: () => setTarget(null),
    leave: () => {
      const to = target
      setTarget(null)
      if (to) navigate(to)
    },
  }
}
