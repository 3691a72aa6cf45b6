import { CreateRoleBody, type Role } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateRole } from '../api/create-role.ts'
import { useUpdateRole } from '../api/update-role.ts'

const NameForm = CreateRoleBody.pick({ name: true })

/**
 * Names a new role, or renames one. A new role has no rights yet, so `onCreated` usually
 * opens its permission matrix.
 * @example
 * <RoleNameDialog open={open} role={null} onClose={close} onCreated={(role) => navigate(paths.rolePermissions.href({ role_id: role.id }))} />
 */
export function RoleNameDialog({ open, role, onClose, onCreated }: { open: boolean; role: Role | null; onClose: () => void; onCreated: (role: Role) => void }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const create = useCreateRole()
  const update = useUpdateRole()
  const form = useZodForm(NameForm, async ({ name }) => {
    if (role) {
      await update.mutateAsync({ id: role.id, body: { name, version: role.version } })
      onClose()
    } else {
      onCreated(await create.mutateAsync({ name }))
    }
  })
  return (
    <Modal open={open} onClose={form.pending ? () => {} : onClose} title={role ? t('roles.renameTitle', { role: roleName(role.name) }) : t('roles.newTitle')} description={role ? undefined : t('roles.newDescription')}>
      <form onSubmit={form.handleSubmit} noValidate>
        <ModalBody>
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <TextField name="name" label={t('roles.name')} defaultValue={role?.name} required maxLength={80} autoComplete="off" error={form.errorText('name')} />
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose} disabled={form.pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.pending}>
            {role ? t('actions.save') : t('roles.create')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
