import { PERMISSION_ACTIONS, PERMISSION_MODELS, type PermissionAction, type PermissionModel } from '@rota/core'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { setRights, type Grants } from '../utils/grants.ts'

type Cell = readonly [row: number, column: number]

const moves: Readonly<Record<string, Cell>> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }

/** A checkbox ticked, unticked or, for a toggle over several rights, partly ticked. */
function Tick({ cell, label, checked, mixed = false, disabled, onChange }: { cell: Cell; label: string; checked: boolean; mixed?: boolean; disabled: boolean; onChange: (value: boolean) => void }) {
  return (
    <input
      type="checkbox"
      data-cell={cell.join(',')}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      ref={(input) => {
        if (input) input.indeterminate = mixed
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 rounded border-slate-300 accent-primary-700 disabled:cursor-not-allowed disabled:opacity-70"
    />
  )
}

/**
 * The rights of a role, model by model (rows) and action by action (columns): read,
 * create, update, delete. A row's, a column's and the corner's checkbox set them all at
 * once. The arrow keys move between checkboxes like in a spreadsheet; Space ticks.
 * A right that is not `givable` (the editor does not hold it) is greyed out and left as
 * it is by the row, column and corner checkboxes.
 * @example
 * <PermissionMatrix roleName="Dispatcher" grants={grants} onChange={setGrants} givable={(model, action) => can(user, model, action)} />
 */
export function PermissionMatrix({
  roleName,
  grants,
  onChange,
  readOnly = false,
  givable = () => true,
}: {
  roleName: string
  grants: Grants
  onChange: (grants: Grants) => void
  readOnly?: boolean
  givable?: (model: PermissionModel, action: PermissionAction) => boolean
}) {
  const { t } = useTranslation('app')
  const model = (name: PermissionModel) => t(`permissions.models.${name}`)
  const action = (name: PermissionAction) => t(`permissions.actions.${name}`)
  const all = (models: readonly PermissionModel[], actions: readonly PermissionAction[]) => models.every((m) => actions.every((a) => grants[m][a]))
  const some = (models: readonly PermissionModel[], actions: readonly PermissionAction[]) => models.some((m) => actions.some((a) => grants[m][a]))
  const toggle = (models: readonly PermissionModel[], actions: readonly PermissionAction[]) => ({
    checked: all(models, actions),
    mixed: some(models, actions) && !all(models, actions),
    disabled: readOnly || !models.some((m) => actions.some((a) => givable(m, a))),
    onChange: (value: boolean) => onChange(setRights(grants, { models, actions }, value, givable)),
  })

  const move = (event: KeyboardEvent<HTMLTableElement>) => {
    const step = moves[event.key]
    const at = event.target instanceof HTMLElement ? event.target.dataset['cell'] : undefined
    if (!step || !at) return
    const [row, column] = at.split(',').map(Number) as [number, number]
    const next = event.currentTarget.querySelector<HTMLInputElement>(`[data-cell="${row + step[0]},${column + step[1]}"]`)
    if (!next) return
    event.preventDefault()
    next.focus()
  }

  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm" onKeyDown={move}>
        <caption className="sr-only">{t('permissions.caption', { role: roleName })}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <span className="flex items-center gap-3">
                <Tick cell={[-1, -1]} label={t('permissions.everything')} {...toggle(PERMISSION_MODELS, PERMISSION_ACTIONS)} />
                {t('permissions.area')}
              </span>
            </th>
            {PERMISSION_ACTIONS.map((name, column) => (
              <th key={name} scope="col" className="px-4 py-3 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <span className="flex flex-col items-center gap-2">
                  {action(name)}
                  <Tick cell={[-1, column]} label={t('permissions.column', { action: action(name) })} {...toggle(PERMISSION_MODELS, [name])} />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PERMISSION_MODELS.map((name, row) => (
            <tr key={name} className="hover:bg-slate-50/70">
              <th scope="row" className="px-4 py-2.5 text-left font-medium whitespace-nowrap text-slate-800">
                <span className="flex items-center gap-3">
                  <Tick cell={[row, -1]} label={t('permissions.row', { area: model(name) })} {...toggle([name], PERMISSION_ACTIONS)} />
                  {model(name)}
                </span>
              </th>
              {PERMISSION_ACTIONS.map((right, column) => (
                <td key={right} className="px-4 py-2.5 text-center">
                  <Tick
                    cell={[row, column]}
                    label={t('permissions.cell', { area: model(name), action: action(right) })}
                    checked={grants[name][right]}
                    disabled={readOnly || !givable(name, right)}
                    onChange={(value) => onChange(setRights(grants, { models: [name], actions: [right] }, value))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
