import { can, type Faq } from '@rota/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Markdown } from '../../../components/ui/markdown.tsx'
import { SearchField } from '../../../components/ui/search-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../../lib/services.tsx'
import { useDeleteFaq, useFaqs, useMoveFaq, useSaveFaq } from '../api/faqs.ts'

/**
 * The FAQ (/faq and /communications/faqs): questions by category, each opening on its answer
 * (Markdown, sanitised), searchable; administrators add, edit, order and remove them.
 * @example
 * <FaqScreen />
 */
export function FaqScreen() {
  const { t } = useTranslation('app')
  const me = useSession((state) => state.context.user)
  const writer = me ? can(me, 'settings', 'update') : false
  const [q, setQ] = useState('')
  const faqs = useFaqs(q)
  const move = useMoveFaq()
  const remove = useDeleteFaq()
  const [editing, setEditing] = useState<Faq | 'new' | null>(null)
  const rows = faqs.data ?? []
  const categories = [...new Set(rows.map((row) => row.category))]

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <SearchField label={t('faq.search')} value={q} onSearch={setQ} />
        </div>
        {writer && (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" /> {t('faq.add')}
          </Button>
        )}
      </div>
      {faqs.isPending ? (
        <Spinner label={t('faq.loading')} />
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{q ? t('faq.noMatch') : t('faq.none')}</p>
      ) : (
        categories.map((category) => {
          const questions = rows.filter((row) => row.category === category)
          return (
            <section key={category} aria-label={category}>
              <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{category}</h2>
              <ul className="flex flex-col gap-2">
                {questions.map((faq, index) => (
                  <li key={faq.id} className="rounded-xl border border-slate-200 bg-white">
                    <details>
                      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-900">{faq.question}</summary>
                      <div className="px-4 pb-3">
                        <Markdown source={faq.answer} />
                      </div>
                    </details>
                    {writer && (
                      <div className="flex justify-end gap-1 border-t border-slate-100 px-2 py-1">
                        <IconButton icon={ArrowUpIcon} iconClassName="size-4" label={t('faq.moveUp', { question: faq.question })} disabled={index === 0 || move.isPending || Boolean(q)} onClick={() => move.mutate({ faq, neighbour: questions[index - 1]!, up: true })} />
                        <IconButton
                          icon={ArrowDownIcon}
                          iconClassName="size-4"
                          label={t('faq.moveDown', { question: faq.question })}
                          disabled={index === questions.length - 1 || move.isPending || Boolean(q)}
                          onClick={() => move.mutate({ faq, neighbour: questions[index + 1]!, up: false })}
                        />
                        <IconButton icon={PencilIcon} iconClassName="size-4" label={t('faq.edit', { question: faq.question })} onClick={() => setEditing(faq)} />
                        <IconButton icon={TrashIcon} iconClassName="size-4" label={t('faq.delete', { question: faq.question })} onClick={() => remove.mutate(faq.id)} />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )
        })
      )}
      {editing && <FaqDialog faq={editing === 'new' ? null : editing} categories={categories} onClose={() => setEditing(null)} />}
    </div>
  )
}

function FaqDialog({ faq, categories, onClose }: { faq: Faq | null; categories: string[]; onClose: () => void }) {
  const { t } = useTranslation('app')
  const save = useSaveFaq()
  const [category, setCategory] = useState(faq?.category ?? categories[0] ?? '')
  const [question, setQuestion] = useState(faq?.question ?? '')
  const [answer, setAnswer] = useState(faq?.answer ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ faq, body: { category, question, answer } }, { onSuccess: onClose })
  }
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm'
  return (
    <Modal open onClose={save.isPending ? () => {} : onClose} title={faq ? t('faq.editTitle') : t('faq.add')} size="lg">
      <form onSubmit={submit}>
        <ModalBody>
          <label className="block text-sm font-medium text-slate-700">
            {t('faq.category')}
            <input className={field} list="faq-categories" value={category} maxLength={80} required onChange={(event) => setCategory(event.target.value)} />
            <datalist id="faq-categories">
              {categories.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </label>
          <label className="mt-3 block text-sm font-medium text-slate-700">
            {t('faq.question')}
            <input className={field} value={question} maxLength={300} required onChange={(event) => setQuestion(event.target.value)} />
          </label>
          <label className="mt-3 block text-sm font-medium text-slate-700">
            {t('faq.answer')}
            <textarea className={field} rows={8} value={answer} maxLength={20_000} required onChange={(event) => setAnswer(event.target.value)} />
            <span className="text-xs font-normal text-slate-500">{t('faq.markdownHint')}</span>
          </label>
          {answer.trim() && (
            <div className="mt-3 rounded-lg border border-slate-200 p-3">
              <p className="text-xs font-semibold text-slate-500">{t('faq.preview')}</p>
              <Markdown source={answer} />
            </div>
          )}
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('faq.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('faq.save')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
