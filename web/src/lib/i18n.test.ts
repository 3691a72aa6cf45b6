import {
  CANADIAN_PROVINCES,
  CSV_KINDS,
  LOCALES as CORE_LOCALES,
  MENU,
  PERMISSION_ACTIONS,
  PERMISSION_MODELS,
  ROW_PROBLEM_CODES,
  SETUP_STEPS,
  USER_STATUSES,
  isMenuGroup,
} from '@rota/core'
import { expenseMachine, invoiceMachine, payrollMachine, shiftMachine, timeOffMachine, timesheetMachine } from '@rota/machines'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREA_PAGES } from '../components/layouts/area-page.tsx'
import { STATUS_TONES } from '../components/records/status-badge.tsx'
import { ALERT_KEYS } from '../features/alerts/components/alerts-banner.tsx'
import { CANADIAN_TIME_ZONES } from '../config/canada.ts'
import { CSV_ROW_PROBLEMS } from '@rota/core'
import { MEMBER_STATES } from '../features/users/components/member-status.tsx'
import { IMAGE_REFUSALS } from './image-upload.ts'
import { BUILT_IN_ROLE_KEYS } from './role-name.ts'
import { resources } from '../testing/i18n.ts'
import { LOCALES, NAMESPACES } from './i18n.ts'
import { VALIDATION_KEYS } from './validation.ts'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') keys.set(path, value)
    else for (const [inner, text] of flatten(value, path)) keys.set(inner, text)
  }
  return keys
}

const files = Object.fromEntries(
  LOCALES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, flatten(resources[lng][ns] as Tree)]))]),
) as Record<(typeof LOCALES)[number], Record<(typeof NAMESPACES)[number], Map<string, string>>>

const root = join(import.meta.dirname, '..')
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** Every `t('key')` written in the code, with the namespace its file translates in. */
function keysInCode(): { file: string; ns: string; key: string }[] {
  return sources(root).flatMap((file) => {
    // Examples in comments are not calls.
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const ns = /useTranslation\('(\w+)'\)/.exec(code)?.[1] ?? 'common'
    return [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map(([, written = '']) => {
      const [explicit, key] = written.includes(':') ? written.split(':') : [ns, written]
      return { file: relative(root, file), ns: explicit ?? ns, key: key ?? '' }
    })
  })
}

/** The keys the code builds from Rota's own lists rather than writes out. */
function builtKeys(): { ns: string; key: string }[] {
  const menu = MENU.flatMap((entry) => (isMenuGroup(entry) ? [entry, ...entry.children] : [entry])).map((entry) => entry.labelKey)
  return [
    ...menu.map((key) => ({ ns: 'common', key })),
    ...SETUP_STEPS.flatMap((step) => ['title', 'description'].map((part) => ({ ns: 'common', key: `guide.steps.${step}.${part}` }))),
    ...ALERT_KEYS.map((key) => ({ ns: 'common', key: `alerts.${key}` })),
    ...VALIDATION_KEYS.map((key) => ({ ns: 'common', key: `validation.${key}` })),
    ...['schedule', 'team', 'money'].map((key) => ({ ns: 'common', key: `brand.highlights.${key}` })),
    ...CANADIAN_TIME_ZONES.map(({ key }) => ({ ns: 'auth', key: `timezones.${key}` })),
    ...AREA_PAGES.flatMap((page) => ['title', 'description', 'empty'].map((part) => ({ ns: 'app', key: `pages.${page}.${part}` }))),
    ...['team', 'clients', 'schedules'].flatMap((card) => ['title', 'description'].map((part) => ({ ns: 'app', key: `dashboard.cards.${card}.${part}` }))),
    ...['morning', 'afternoon', 'evening'].map((part) => ({ ns: 'app', key: `dashboard.greeting.${part}` })),
    ...PERMISSION_MODELS.map((model) => ({ ns: 'app', key: `permissions.models.${model}` })),
    ...PERMISSION_ACTIONS.map((action) => ({ ns: 'app', key: `permissions.actions.${action}` })),
    ...MEMBER_STATES.map((state) => ({ ns: 'app', key: `members.states.${state}` })),
    ...USER_STATUSES.map((status) => ({ ns: 'app', key: `members.statuses.${status}` })),
    ...CANADIAN_PROVINCES.map((code) => ({ ns: 'app', key: `provinces.${code}` })),
    ...CANADIAN_TIME_ZONES.map(({ key }) => ({ ns: 'app', key: `settings.timezones.${key}` })),
    ...CSV_KINDS.map((kind) => ({ ns: 'app', key: `imports.title.${kind}` })),
    ...CSV_ROW_PROBLEMS.map((problem) => ({ ns: 'app', key: `imports.problems.${problem}` })),
    ...ROW_PROBLEM_CODES.map((code) => ({ ns: 'app', key: `imports.problems.${code}` })),
    ...Object.values(BUILT_IN_ROLE_KEYS).map((key) => ({ ns: 'common', key: `builtInRoles.${key}` })),
    ...IMAGE_REFUSALS.map((reason) => ({ ns: 'app', key: `image.${reason}` })),
    // RecordActions labels every lifecycle event by its name; StatusBadge every status.
    ...[shiftMachine, timesheetMachine, timeOffMachine, invoiceMachine, expenseMachine, payrollMachine]
      .flatMap((machine): string[] => machine.root.events)
      .concat('delete')
      .map((type) => ({ ns: 'app', key: `records.events.${type}` })),
    ...Object.entries(STATUS_TONES).flatMap(([lifecycle, tones]) => Object.keys(tones).map((status) => ({ ns: 'app', key: `records.statuses.${lifecycle}.${status}` }))),
  ]
}

describe('translations', () => {
  it('cover every key the code uses, in English, French and Spanish', () => {
    const used = [...keysInCode(), ...builtKeys()]
    expect(used.length).toBeGreaterThan(150)
    const missing = LOCALES.flatMap((lng) =>
      used.filter(({ ns, key }) => !files[lng][ns as (typeof NAMESPACES)[number]]?.has(key)).map(({ ns, key }) => `${lng}/${ns}.json: ${key}`),
    )
    expect(missing).toEqual([])
  })

  it('have the same keys, none empty, and the same placeholders in every language', () => {
    for (const ns of NAMESPACES) {
      const english = files.en[ns]
      for (const lng of ['fr', 'es'] as const) {
        const other = files[lng][ns]
        expect([...other.keys()].sort(), `${lng}/${ns}.json`).toEqual([...english.keys()].sort())
        for (const [key, text] of other) {
          expect(text.trim(), `${lng}/${ns}.json ${key}`).not.toBe('')
          const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
          expect(placeholders(text), `${lng}/${ns}.json ${key}`).toEqual(placeholders(english.get(key) ?? ''))
        }
      }
    }
  })

  it('name each page in the menu as its title does, in every language', () => {
    const pages: Record<string, string> = {
      dashboard: 'dashboard', schedules: 'schedules', timesheets: 'timesheets', clients: 'locations', services: 'services', invoices: 'invoices', payrolls: 'payrolls',
      expenses: 'expenses', teamMembers: 'users', roles: 'roles', timeOffRequests: 'timeoffRequests', timeOffCategory: 'timeoffCategories',
      reportTimesheet: 'reportTimesheets', reportPayroll: 'reportPayroll', reportInvoice: 'reportInvoice', settings: 'settings', audit: 'auditLogs',
      profile: 'profile', support: 'support', faq: 'faq',
    }
    const links = MENU.flatMap((entry) => (isMenuGroup(entry) ? [...entry.children] : [entry])).filter((item) => item.id !== 'communications')
    expect(links.map((item) => item.labelKey.replace('menu.', '')).sort()).toEqual(Object.keys(pages).sort())
    for (const lng of LOCALES) {
      for (const [menu, page] of Object.entries(pages)) {
        expect(files[lng].common.get(`menu.${menu}`), `${lng}: menu.${menu}`).toBe(files[lng].app.get(`pages.${page}.title`))
      }
    }
  })

  it('write buttons in sentence case', () => {
    expect(files.en.common.get('guide.completeAll')).toBe('Mark as completed')
    expect(files.en.common.get('guide.remindLater')).toBe('Remind me later')
  })

  it('keep SPEC.md\'s exact words for the 404 page and the error screen in English', () => {
    expect(files.en.common.get('notFound.message')).toBe("Oops! The page you're looking for doesn't exist.")
    expect(files.en.common.get('errorScreen.title')).toBe('Unexpected Application Error!')
  })

  it('are offered in exactly the languages of the contract', () => {
    expect([...LOCALES]).toEqual([...CORE_LOCALES])
  })
})
