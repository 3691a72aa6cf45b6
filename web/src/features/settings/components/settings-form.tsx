import { CANADIAN_PROVINCES, dollarsFromCents, invoiceNumber, localDateOf, localDateParts, type HolidayJurisdiction, type Settings } from '@rota/core'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { CANADIAN_TIME_ZONES } from '../../../config/canada.ts'
import { describeFields, hoursText } from '../../../lib/form-values.ts'
import { LANGUAGES } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useUpdateSettings } from '../api/update-settings.ts'
import { HolidayList } from './holiday-list.tsx'
import { SettingsForm as SettingsSchema } from '../utils/settings-form.ts'

const legend = 'text-xs font-semibold tracking-wide text-primary-800 uppercase'

/** The fill's weights set in dollars, as they appear in the form. */
const FILL_DOLLARS = ['over_preferred', 'fairness', 'continuity', 'preference'] as const

/**
 * The business's settings: name and address (printed on invoices and payslips), time zone, week start, language, invoice numbering, tax
 * province, the fill's rules and weights, and whether signing in needs an e-mailed code. Read-only without the right to
 * change them; a save someone made in between is caught and offered as a reload.
 * @example
 * <SettingsForm key={reloads} settings={settings} onReload={reload} />
 */
export function SettingsForm({ settings, onReload }: { settings: Settings; onReload: () => void }) {
  const { t } = useTranslation('app')
  const canEdit = useCan('settings', 'update')
  const update = useUpdateSettings()
  const [prefix, setPrefix] = useState(settings.invoice_prefix)
  const [next, setNext] = useState(String(settings.next_invoice_number))
  const [jurisdiction, setJurisdiction] = useState(settings.overtime_jurisdiction as HolidayJurisdiction)
  const thisYear = localDateParts(localDateOf(new Date(), settings.timezone)).year
  const addressHint = useId()
  const zones = CANADIAN_TIME_ZONES.some(({ zone }) => zone === settings.timezone) ? CANADIAN_TIME_ZONES : [...CANADIAN_TIME_ZONES, { zone: settings.timezone, key: null }]

  const form = useZodForm(
    SettingsSchema,
    async (values) => {
      // The server counts this save as the setup guide's "settings" step.
      await update.mutateAsync({ ...values, version: settings.version })
    },
    describeFields({
      business_postal_code: t('validation.postalCode'),
      business_phone: t('validation.phone'),
      invoice_prefix: t('validation.invoicePrefix'),
      next_invoice_number: t('validation.invoiceNumber'),
      min_rest_minutes: t('settings.fill.errors.minRest'),
      clock_tolerance_minutes: t('settings.errors.clockTolerance'),
      location_radius_m: t('settings.errors.radius'),
      forgotten_clock_out_grace_minutes: t('settings.errors.grace'),
      invoice_terms_days: t('settings.errors.termsDays'),
      vacation_pay_percent: t('settings.errors.vacation'),
      mileage_rate_cents: t('settings.errors.mileage'),
      gst_hst_number: t('settings.errors.gstHst'),
      qst_number: t('settings.errors.qst'),
      max_days_in_row: t('settings.fill.errors.maxDaysInRow'),
      fill_cost: t('settings.fill.errors.cost'),
      ...Object.fromEntries(FILL_DOLLARS.map((name) => [`fill_${name}`, t('settings.fill.errors.dollars')])),
    }),
  )

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-6">
      {!canEdit && <Alert tone="info">{t('settings.readOnly')}</Alert>}
      {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={onReload} />}
      <fieldset disabled={!canEdit || form.pending} className="space-y-6">
        <Panel title={t('settings.business')} description={t('settings.businessHint')}>
          <div className="space-y-6">
            <TextField name="business_name" label={t('settings.fields.businessName')} defaultValue={settings.business_name} required autoComplete="organization" error={form.errorText('business_name')} />
            <fieldset aria-describedby={addressHint} className="space-y-4">
              <legend className={legend}>{t('settings.address')}</legend>
              <p id={addressHint} className="text-sm text-slate-600">
                {t('settings.addressHint')}
              </p>
              <TextField name="business_street" label={t('locations.fields.street')} defaultValue={settings.business_street ?? ''} autoComplete="address-line1" error={form.errorText('business_street')} />
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField name="business_city" label={t('locations.fields.city')} defaultValue={settings.business_city ?? ''} autoComplete="address-level2" error={form.errorText('business_city')} />
                <SelectField
                  name="business_province"
                  label={t('locations.fields.province')}
                  defaultValue={settings.business_province ?? ''}
                  options={[{ value: '', label: t('settings.noProvince') }, ...CANADIAN_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) }))]}
                  error={form.errorText('business_province')}
                />
                <TextField name="business_postal_code" label={t('locations.fields.postalCode')} defaultValue={settings.business_postal_code ?? ''} placeholder="A1A 1A1" autoComplete="postal-code" error={form.errorText('business_postal_code')} />
              </div>
              <TextField name="business_phone" type="tel" label={t('fields.phone')} defaultValue={settings.business_phone ?? ''} hint={t('hints.phone')} autoComplete="tel" error={form.errorText('business_phone')} />
            </fieldset>
          </div>
        </Panel>
        <Panel title={t('settings.region')} description={t('settings.regionHint')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <SelectField
                name="timezone"
                label={t('settings.fields.timezone')}
                defaultValue={settings.timezone}
                options={zones.map(({ zone, key }) => ({ value: zone, label: key ? t(`settings.timezones.${key}`) : zone }))}
                error={form.errorText('timezone')}
              />
            </div>
            <SelectField
              name="week_start"
              label={t('settings.fields.weekStart')}
              defaultValue={String(settings.week_start)}
              options={[
                { value: '0', label: t('settings.sunday') },
                { value: '1', label: t('settings.monday') },
              ]}
              error={form.errorText('week_start')}
            />
            <SelectField
              name="locale"
              label={t('settings.fields.locale')}
              defaultValue={settings.locale}
              options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
              error={form.errorText('locale')}
            />
          </div>
        </Panel>
        <Panel title={t('settings.invoicing')} description={t('settings.invoicingHint')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="invoice_prefix"
              label={t('settings.fields.invoicePrefix')}
              value={prefix}
              onChange={(event) => setPrefix(event.target.value)}
              maxLength={12}
              autoComplete="off"
              error={form.errorText('invoice_prefix')}
            />
            <TextField
              name="next_invoice_number"
              type="number"
              min={1}
              label={t('settings.fields.nextInvoiceNumber')}
              value={next}
              onChange={(event) => setNext(event.target.value)}
              // Said only of a number an invoice can have: "FAC--5" would describe nothing.
              hint={/^\d+$/.test(next) && Number(next) >= 1 ? t('settings.nextInvoice', { number: invoiceNumber(prefix, Number(next)) }) : undefined}
              error={form.errorText('next_invoice_number')}
            />
            <div className="sm:col-span-2">
              <SelectField
                name="tax_province"
                label={t('settings.fields.taxProvince')}
                defaultValue={settings.tax_province}
                options={CANADIAN_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
                error={form.errorText('tax_province')}
              />
            </div>
            <TextField name="gst_hst_number" label={t('invoices.settings.gstHstNumber')} defaultValue={settings.gst_hst_number ?? ''} maxLength={30} autoComplete="off" hint={t('invoices.settings.gstHstHint')} error={form.errorText('gst_hst_number')} />
            <TextField name="qst_number" label={t('invoices.settings.qstNumber')} defaultValue={settings.qst_number ?? ''} maxLength={30} autoComplete="off" hint={t('invoices.settings.qstHint')} error={form.errorText('qst_number')} />
            <TextField name="invoice_terms_days" type="number" min={0} max={365} label={t('invoices.settings.termsDays')} defaultValue={String(settings.invoice_terms_days)} hint={t('invoices.settings.termsHint')} error={form.errorText('invoice_terms_days')} />
          </div>
        </Panel>
        <Panel title={t('settings.timeClock')} description={t('settings.timeClockHint')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <SelectField
                name="overtime_jurisdiction"
                label={t('settings.fields.overtimeJurisdiction')}
                defaultValue={settings.overtime_jurisdiction}
                onChange={(event) => setJurisdiction(event.target.value as HolidayJurisdiction)}
                options={[...CANADIAN_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) })), { value: 'FED', label: t('settings.federal') }]}
                error={form.errorText('overtime_jurisdiction')}
              />
              {/* This year's and next: late in the year, an owner plans the next one. */}
              <HolidayList jurisdiction={jurisdiction} year={thisYear} />
              <HolidayList jurisdiction={jurisdiction} year={thisYear + 1} />
            </div>
            <TextField name="clock_tolerance_minutes" type="number" min={0} max={240} label={t('settings.fields.clockTolerance')} defaultValue={String(settings.clock_tolerance_minutes)} hint={t('settings.clockToleranceHint')} error={form.errorText('clock_tolerance_minutes')} />
            <TextField name="location_radius_m" type="number" min={10} max={10000} label={t('settings.fields.locationRadius')} defaultValue={String(settings.location_radius_m)} hint={t('settings.locationRadiusHint')} error={form.errorText('location_radius_m')} />
            <TextField
              name="forgotten_clock_out_grace_minutes"
              type="number"
              min={0}
              max={1440}
              label={t('settings.fields.forgottenGrace')}
              defaultValue={String(settings.forgotten_clock_out_grace_minutes)}
              hint={t('settings.forgottenGraceHint')}
              error={form.errorText('forgotten_clock_out_grace_minutes')}
            />
          </div>
        </Panel>
        <Panel title={t('settings.fill.title')} description={t('settings.fill.hint')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="min_rest_minutes" inputMode="decimal" label={t('settings.fill.minRest')} defaultValue={hoursText(settings.min_rest_minutes)} hint={t('settings.fill.minRestHint')} error={form.errorText('min_rest_minutes')} />
            <TextField
              name="max_days_in_row"
              type="number"
              min={1}
              max={31}
              label={t('settings.fill.maxDaysInRow')}
              defaultValue={settings.max_days_in_row === null ? '' : String(settings.max_days_in_row)}
              hint={t('settings.fill.maxDaysInRowHint')}
              error={form.errorText('max_days_in_row')}
            />
            <TextField name="fill_cost" inputMode="decimal" label={t('settings.fill.cost')} defaultValue={String(settings.fill_weights.cost)} hint={t('settings.fill.costHint')} error={form.errorText('fill_cost')} />
            {FILL_DOLLARS.map((name) => (
              <TextField
                key={name}
                name={`fill_${name}`}
                inputMode="decimal"
                label={t(`settings.fill.${name}`)}
                defaultValue={dollarsFromCents(settings.fill_weights[name])}
                hint={t(`settings.fill.${name}Hint`)}
                error={form.errorText(`fill_${name}`)}
              />
            ))}
          </div>
        </Panel>
        <Panel title={t('payroll.settings.title')} description={t('payroll.settings.hint')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              name="pay_frequency"
              label={t('payroll.settings.frequency')}
              defaultValue={settings.pay_frequency}
              options={(['weekly', 'biweekly', 'semimonthly', 'monthly'] as const).map((value) => ({ value, label: t(`payroll.settings.frequencies.${value}`) }))}
              error={form.errorText('pay_frequency')}
            />
            <TextField name="pay_anchor" type="date" label={t('payroll.settings.anchor')} defaultValue={settings.pay_anchor} hint={t('payroll.settings.anchorHint')} error={form.errorText('pay_anchor')} />
            <TextField name="vacation_pay_percent" inputMode="decimal" label={t('payroll.settings.vacation')} defaultValue={settings.vacation_pay_percent} hint={t('payroll.settings.vacationHint')} error={form.errorText('vacation_pay_percent')} />
            <TextField name="mileage_rate_cents" type="number" min={0} max={1000} label={t('payroll.settings.mileage')} defaultValue={String(settings.mileage_rate_cents)} hint={t('payroll.settings.mileageHint')} error={form.errorText('mileage_rate_cents')} />
          </div>
        </Panel>
        <Panel title={t('settings.security')}>
          <CheckboxField name="require_otp" label={t('settings.fields.requireOtp')} description={t('settings.requireOtpHint')} defaultChecked={settings.require_otp} />
        </Panel>
      </fieldset>
      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={form.pending}>
            {t('settings.save')}
          </Button>
        </div>
      )}
    </form>
  )
}
