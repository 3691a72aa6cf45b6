const forgetters = new Set<() => void>()

/**
 * Registers something kept for the session (a cache, a draft) to be dropped when the
 * session ends, whichever way it ends (SPEC.md §4: logout clears the browser's storage).
 * @example
 * forgetOnSignOut(() => queryClient.clear())
 */
export function forgetOnSignOut(forget: () => void): () => void {
  forgetters.add(forget)
  return () => forgetters.delete(forget)
}

/** Drops everything registered with {@link forgetOnSignOut}. */
export function forgetAll(): void {
  forgetters.forEach((forget) => forget())
}
