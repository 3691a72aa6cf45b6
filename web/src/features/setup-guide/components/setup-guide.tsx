import { SETUP_STEPS, type MaybeSubject, type SetupStep } from '@rota/core'
import { Dialog, DialogPanel, DialogTitle, DialogBackdrop } from '@headlessui/react'
import { useEffect, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { BriefcaseIcon, BuildingIcon, CalendarIcon, SettingsIcon, ShieldIcon, SparklesIcon, TeamIcon } from '../../../components/ui/area-icons.tsx'
import { CheckIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons.tsx'
import { useSetupGuide } from '../hooks/use-setup-guide.ts'

const stepIcons: Record<SetupStep, ComponentType<{ className?: string }>> = {
  settings: SettingsIcon,
  roles: ShieldIcon,
  staffs: TeamIcon,
  clients: BuildingIcon,
  services: BriefcaseIcon,
  schedules: CalendarIcon,
}

/** The query that opens the guide wherever it is (the welcome notification leads to it). */
const OPEN_PARAM = 'guide'

/**
 * The setup guide of SPEC.md §4 for administrators: a header badge "n/6" that opens the six
 * steps, also opened by `?guide=open` in the address (then taken out of it). A step marks
 * itself done and opens its page; "Mark as completed" finishes the guide; "Remind me later"
 * hides it until sign-out, reloads included (`onSnooze` lets the layout keep it hidden when the guide
 * starts again with new marks). Gone once every step is done.
 * @example
 * <SetupGuide user={user} completed={settings.completed_guided_setup} onSnooze={() => setSnoozed(true)} />
 */
export function SetupGuide({ user, completed, onSnooze }: { user: MaybeSubject; completed: string; onSnooze?: () => void }) {
  const { t } = useTranslation()
  const guide = useSetupGuide(user, completed)
  const [open, setOpen] = useState(false)
  const [location, navigate] = useLocation()
  const search = useSearch()
  useEffect(() => {
    const params = new URLSearchParams(search)
    if (params.get(OPEN_PARAM) !== 'open') return
    params.delete(OPEN_PARAM)
    if (guide.shown) setOpen(true)
    navigate(params.size > 0 ? `${location}?${params}` : location, { replace: true })
  }, [search, location, navigate, guide.shown])
  if (!guide.shown) return null
  const progress = Math.round((guide.done / guide.total) * 100)

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex items-center gap-2 rounded-full bg-tertiary-100 py-1.5 pr-3 pl-2 text-sm font-semibold text-tertiary-800 ring-1 ring-tertiary-200 hover:bg-tertiary-200"
      >
        <SparklesIcon className="size-4" />
        <span aria-hidden="true">
          {guide.done}/{guide.total}
        </span>
        <span className="sr-only">{t('guide.badge', { done: guide.done, total: guide.total })}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
        <DialogPanel transition className="relative w-full max-w-lg rounded-2xl bg-white shadow-xl transition data-closed:scale-95 data-closed:opacity-0">
          <div className="flex items-start gap-4 border-b border-slate-100 p-6">
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-tertiary-100 text-tertiary-800">
              <SparklesIcon className="size-6" />
            </span>
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-lg font-bold text-slate-900">{t('guide.title')}</DialogTitle>
              <p className="mt-1 text-sm text-slate-600">{t('guide.description')}</p>
              <div className="mt-3 flex items-center gap-3">
                <div
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={guide.total}
                  aria-valuenow={guide.done}
                  aria-label={t('guide.progress', { done: guide.done, total: guide.total })}
                  className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${progress}%` }} />
                </div>
                <span className="text-xs font-medium text-slate-600">{t('guide.progress', { done: guide.done, total: guide.total })}</span>
              </div>
            </div>
            <button type="button" onClick={() => setOpen(false)} className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
              <CloseIcon />
              <span className="sr-only">{t('guide.close')}</span>
            </button>
          </div>
          <ol className="space-y-1 p-3">
            {SETUP_STEPS.map((step, index) => {
              const Icon = stepIcons[step]
              const done = guide.marks.includes(step)
              return (
                <li key={step}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false)
                      guide.send({ type: 'guide.step.complete', step })
                    }}
                    className="group flex w-full items-center gap-4 rounded-xl p-3 text-left hover:bg-slate-50"
                  >
                    <span
                      className={`grid size-10 shrink-0 place-items-center rounded-full ${done ? 'bg-primary-700 text-white' : 'bg-secondary-100 text-primary-800'}`}
                    >
                      {done ? <CheckIcon className="size-5" /> : <Icon className="size-5" />}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className={`block text-sm font-semibold ${done ? 'text-slate-500 line-through decoration-slate-300' : 'text-slate-900'}`}>
                        {index + 1}. {t(`guide.steps.${step}.title`)}
                      </span>
                      <span className="block text-xs text-slate-600">{t(`guide.steps.${step}.description`)}</span>
                      <span className="sr-only">{done ? t('guide.done') : t('guide.todo')}</span>
                    </span>
                    <ChevronRightIcon className="size-4 shrink-0 text-slate-400 group-hover:text-slate-700" />
                  </button>
                </li>
              )
            })}
          </ol>
          {guide.error && (
            <div className="px-6 pb-2">
              <Alert tone="error">{guide.error}</Alert>
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-slate-100 p-4 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              onClick={() => {
                setOpen(false)
                guide.send({ type: 'guide.remind.later' })
                onSnooze?.()
              }}
            >
              {t('guide.remindLater')}
            </Button>
            <Button
              loading={guide.saving}
              onClick={() => {
                setOpen(false)
                guide.send({ type: 'guide.complete.all' })
              }}
            >
              {t('guide.completeAll')}
            </Button>
          </div>
        </DialogPanel>
      </Dialog>
    </>
  )
}
