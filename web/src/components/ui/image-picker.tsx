import { useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PhotoIcon, TrashIcon, UploadIcon } from './action-icons.tsx'
import { Alert } from './alert.tsx'
import { Spinner } from './spinner.tsx'

/**
 * A picture (an avatar, a logo) with a button to choose a new one and one to remove it.
 * The file input is the button's own, so it takes focus and opens the file chooser from
 * the keyboard; choosing a file hands it on at once.
 * @example
 * <ImagePicker label={t('app:profile.avatar')} src={avatarUrl} fallback={<Initials />} accept="image/*"
 *   pending={upload.isPending} onSelect={(file) => upload.mutate(file)} onRemove={() => remove.mutate()} />
 */
export function ImagePicker({
  label,
  src,
  fallback,
  accept,
  pending = false,
  error,
  hint,
  disabled = false,
  shape = 'round',
  onSelect,
  onRemove,
}: {
  label: string
  src: string | null
  fallback?: ReactNode
  accept: string
  pending?: boolean
  error?: string | null
  hint?: string
  disabled?: boolean
  shape?: 'round' | 'square'
  onSelect: (file: File) => void
  onRemove?: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const rounded = shape === 'round' ? 'rounded-full' : 'rounded-xl'
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <div className={`relative grid size-20 shrink-0 place-items-center overflow-hidden bg-slate-100 text-slate-400 ring-1 ring-slate-200 ${rounded}`}>
          {src ? <img src={src} alt={label} className="size-full object-cover" /> : (fallback ?? <PhotoIcon className="size-8" />)}
          {pending && (
            <span className="absolute inset-0 grid place-items-center bg-white/70 text-primary-700">
              <Spinner className="size-6" label={t('image.uploading')} />
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={id}
            className={`inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-600 ${disabled || pending ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer hover:bg-slate-50'}`}
          >
            <UploadIcon className="size-4" />
            {src ? t('image.replace') : t('image.choose')}
            <span className="sr-only">: {label}</span>
            <input
              ref={input}
              id={id}
              type="file"
              accept={accept}
              disabled={disabled || pending}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) onSelect(file)
                if (input.current) input.current.value = ''
              }}
            />
          </label>
          {src && onRemove && (
            <button
              type="button"
              onClick={onRemove}
              disabled={disabled || pending}
              className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-slate-400"
            >
              <TrashIcon className="size-4" />
              {t('image.remove')}
              <span className="sr-only">: {label}</span>
            </button>
          )}
        </div>
      </div>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  )
}
