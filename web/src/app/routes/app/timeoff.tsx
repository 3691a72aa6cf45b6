import { Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { SunIcon } from '../../../components/ui/area-icons.tsx'
import { paths } from '../../../config/paths.ts'

/** Time off: /timeoff lists the requests (SPEC.md §2), and the categories. */
export function TimeoffArea() {
  return (
    <Switch>
      <Route path={paths.timeoffCategories.pattern}>
        <AreaPage page="timeoffCategories" icon={SunIcon} />
      </Route>
      <Route>
        <AreaPage page="timeoffRequests" icon={SunIcon} />
      </Route>
    </Switch>
  )
}
