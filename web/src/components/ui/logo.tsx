/** Rota's mark and name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-primary-900 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary-700" />
        <path d="M9 22V10h7.5a4 4 0 0 1 0 8H13m3.5 0L21 22" fill="none" className="stroke-primary-100" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="23.5" cy="9.5" r="2.5" className="fill-tertiary-300" />
      </svg>
      <span className="text-xl">Rota</span>
    </span>
  )
}
