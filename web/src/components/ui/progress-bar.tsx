/**
 * A bar that fills as work advances; without a `max` it says only that work is going on.
 * @example
 * <ProgressBar label={t('app:imports.uploading')} value={bytes} max={file.size} />
 */
export function ProgressBar({ label, value, max }: { label: string; value: number; max?: number }) {
  const known = max !== undefined && max > 0
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : 100
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={known ? percent : undefined}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className={`h-full rounded-full bg-primary-600 transition-[width] ${known ? '' : 'animate-pulse'}`} style={{ width: `${percent}%` }} />
    </div>
  )
}
