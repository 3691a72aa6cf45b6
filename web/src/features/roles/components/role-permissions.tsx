import { can, PERMISSION_ACTIONS, PERMISSION_MODELS, type PermissionAction, type PermissionModel, type Role } from '@rota/core'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useCan } from '../../../lib/permissions.ts'
import { useSession } from '../../../lib/services.tsx'
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts'
import { useRole } from '../api/get-role.ts'
import { useUpdateRole } from '../api/update-role.ts'
import { countRights, grantEntries, grantsOf, RIGHTS_TOTAL, sameGrants } from '../utils/grants.ts'
import { PermissionMatrix } from './permission-matrix.tsx'
import { errorText, isStale } from '../../../lib/error-text.ts'

/**
 * A role's permission matrix, to read or to change: the rights are saved together, with
 * the version read; leaving with unsaved changes asks first. Administrator roles are shown
 * with every right, read-only.
 * @example
 * <RolePermissions roleId={params.role_id} />
 */
export function RolePermissions({ roleId }: { roleId: string }) {
  const { t } = useTranslation('app')
  const role = useRole(roleId)
  if (role.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary-700">
        <Spinner className="size-7" label={t('roles.loading')} />
      </div>
    )
  }
  if (role.isError) return <Alert tone="error" title={t('roles.unavailable')}>{errorText(role.error)}</Alert>
  return <MatrixEditor key={`${role.data.id}:${role.data.version}`} role={role.data} onReload={() => void role.refetch()} />
}

function MatrixEditor({ role, onReload }: { role: Role; onReload: () => void }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const saved = useMemo(() => grantsOf(role), [role])
  const [grants, setGrants] = useState(saved)
  const update = useUpdateRole()
  const editable = useCan('roles', 'update') && !role.privileged
  const editor = useSession((state) => state.context.user)
  // What the editor may give: a right they hold, or one the role has already (taking it away is allowed).
  const givable = (model: PermissionModel, action: PermissionAction) => can(editor, model, action) || saved[model][action]
  const locked = editable && PERMISSION_MODELS.some((model) => PERMISSION_ACTIONS.some((action) => !givable(model, action)))
  const dirty = editable && !sameGrants(grants, saved)
  const guard = useLeaveGuard(dirty)
  const save = () => update.mutate({ id: role.id, body: { permissions: grantEntries(grants), version: role.version } })

  return (
    <div className="space-y-4">
      {role.privileged && <Alert tone="info">{t('roles.privilegedHint')}</Alert>}
      {!role.privileged && !editable && <Alert tone="info">{t('roles.readOnlyHint')}</Alert>}
      {locked && <Alert tone="info">{t('roles.lockedHint')}</Alert>}
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('roles.rightsCount', { count: countRights(grants), total: RIGHTS_TOTAL })}
      </p>
      <PermissionMatrix roleName={roleName(role.name)} grants={grants} onChange={setGrants} readOnly={!editable} givable={givable} />
      {update.error && <RefusalAlert text={errorText(update.error)} stale={isStale(update.error)} onReload={onReload} />}
      {editable && (
        <div className="sticky bottom-4 z-10 flex flex-wrap items-center justify-end gap-3 rounded-2xl bg-white/95 px-4 py-3 shadow-lg ring-1 ring-slate-200 backdrop-blur">
          <p className="mr-auto text-sm text-slate-600" role="status">
            {dirty ? t('roles.unsaved') : t('roles.allSaved')}
          </p>
          <Button variant="ghost" disabled={!dirty || update.isPending} onClick={() => setGrants(saved)}>
            {t('actions.discard')}
          </Button>
          <Button loading={update.isPending} disabled={!dirty} onClick={save}>
            {t('roles.savePermissions')}
          </Button>
        </div>
      )}
      <ConfirmDialog open={guard.asking} title={t('unsaved.title')} confirmLabel={t('unsaved.leave')} onConfirm={guard.leave} onClose={guard.stay}>
        {t('unsaved.text')}
      </ConfirmDialog>
    </div>
  )
}
