import type { OnboardingEntry } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { CheckboxField, TextareaField } from '../../../components/ui/form-fields.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateOnboardingEntry } from '../api/create-onboarding-entry.ts'
import { useUpdateOnboardingEntry } from '../api/update-onboarding-entry.ts'
import { OnboardingEntryForm } from '../utils/settings-form.ts'

/**
 * Adding an onboarding entry (at the end of the list), or changing one (`entry`).
 * @example
 * {editing !== undefined && <OnboardingEntryDialog entry={editing} onClose={() => setEditing(undefined)} />}
 */
export function OnboardingEntryDialog({ entry, onClose }: { entry: OnboardingEntry | null; onClose: () => void }) {
  const { t } = useTranslation('app')
  const create = useCreateOnboardingEntry()
  const update = useUpdateOnboardingEntry()
  const form = useZodForm(OnboardingEntryForm, async (values) => {
    if (entry) await update.mutateAsync({ id: entry.id, body: { ...values, version: entry.version } })
    else await create.mutateAsync(values)
    onClose()
  })
  return (
    <Modal open onClose={form.pending ? () => {} : onClose} title={entry ? t('onboarding.editTitle') : t('onboarding.newTitle')} description={t('onboarding.formHint')}>
      <form onSubmit={form.handleSubmit} noValidate>
        <ModalBody>
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <TextField name="title" label={t('onboarding.fields.title')} defaultValue={entry?.title} required maxLength={200} autoComplete="off" error={form.errorText('title')} />
          <TextareaField name="description" label={t('onboarding.fields.description')} defaultValue={entry?.description ?? ''} rows={3} error={form.errorText('description')} />
          <CheckboxField name="required" label={t('onboarding.fields.required')} description={t('onboarding.requiredHint')} defaultChecked={entry?.required ?? true} />
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose} disabled={form.pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.pending}>
            {entry ? t('actions.saveChanges') : t('onboarding.add')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
