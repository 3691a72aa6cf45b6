/** A turning ring; `label` names it for screen readers when nothing else says what is loading. */
export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`animate-spin ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

/** The whole screen while the session or a page's code loads. */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div className="grid min-h-dvh place-items-center text-primary-700" role="status">
      <Spinner className="size-8" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
