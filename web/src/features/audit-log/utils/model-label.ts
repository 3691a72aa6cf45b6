import { useTranslation } from 'react-i18next'

/**
 * How an audit row's model reads: the area's name as the permission editor says it, the
 * audit's own words for the few that are not areas (uploads), the model itself otherwise.
 * @example
 * const label = useModelLabel(); label('locations') // 'Clients'
 */
export function useModelLabel() {
  const { t } = useTranslation('app')
  return (model: string) => t(`permissions.models.${model}`, { defaultValue: t(`audit.models.${model}`, { defaultValue: model }) })
}
