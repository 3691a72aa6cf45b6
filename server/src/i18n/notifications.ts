import { isBuiltInRole, timeoffCategoryName, type BuiltInRole, type Locale } from '@rota/core'

/** Notification titles, written in the recipient's language when the notification is made. */
const titles = {
  welcome: { en: 'Welcome to Rota! The setup guide walks you through the first steps.', fr: 'Bienvenue dans Rota ! Le guide de démarrage vous accompagne dans les premières étapes.', es: '¡Bienvenido a Rota! La guía de configuración le acompaña en los primeros pasos.' },
  role_changed: { en: 'Your role is now {role}.', fr: 'Votre rôle est maintenant {role}.', es: 'Su rol ahora es {role}.' },
  invite_accepted: {
    en: '{name} accepted your invitation and joined the team.',
    fr: '{name} a accepté votre invitation et fait maintenant partie de l’équipe.',
    es: '{name} aceptó su invitación y ya forma parte del equipo.',
  },
  schedule_published: {
    en: 'Your schedule changed: {changes}.',
    fr: 'Votre horaire a changé : {changes}.',
    es: 'Su horario cambió: {changes}.',
  },
  shift_take_requested: {
    en: '{name} asked for the open shift on {date}.',
    fr: '{name} a demandé le quart ouvert du {date}.',
    es: '{name} pidió el turno abierto del {date}.',
  },
  shift_drop_requested: {
    en: '{name} asked to be let off their shift on {date}.',
    fr: '{name} a demandé à céder son quart du {date}.',
    es: '{name} pidió dejar su turno del {date}.',
  },
  shift_swap_requested: {
    en: '{name} asked to swap their shift on {date}.',
    fr: '{name} a demandé à échanger son quart du {date}.',
    es: '{name} pidió intercambiar su turno del {date}.',
  },
  // An approved request says what the person now works, by kind (decision 024).
  shift_take_approved: {
    en: 'The open shift on {date} is yours.',
    fr: 'Le quart ouvert du {date} est à vous.',
    es: 'El turno abierto del {date} es suyo.',
  },
  shift_drop_approved: {
    en: 'You no longer work the shift on {date}.',
    fr: 'Vous ne travaillez plus le quart du {date}.',
    es: 'Ya no trabaja el turno del {date}.',
  },
  shift_swap_approved: {
    en: 'Your swap was approved: you now work {date}, {time}, instead of {other_date}, {other_time}.',
    fr: 'Votre échange a été approuvé : vous travaillez maintenant le {date}, {time}, au lieu du {other_date}, {other_time}.',
    es: 'Su intercambio fue aprobado: ahora trabaja el {date}, {time}, en lugar del {other_date}, {other_time}.',
  },
  shift_request_rejected: {
    en: 'Your request about the shift on {date} was declined. {reason}',
    fr: 'Votre demande concernant le quart du {date} a été refusée. {reason}',
    es: 'Su solicitud sobre el turno del {date} fue rechazada. {reason}',
  },
  timesheet_forgotten_clock_out: {
    en: 'You did not clock out on {date}: your timesheet was closed at the planned end, {time}. Tell your manager if you left at another time.',
    fr: 'Vous n’avez pas pointé votre départ le {date} : votre feuille de temps a été fermée à la fin prévue, {time}. Prévenez votre gestionnaire si vous êtes parti à une autre heure.',
    es: 'No marcó la salida el {date}: su hoja de horas se cerró a la hora prevista, {time}. Avise a su gerente si se fue a otra hora.',
  },
  timesheet_corrected: {
    en: 'Your hours of {date} were corrected to {time}. {reason}',
    fr: 'Vos heures du {date} ont été corrigées : {time}. {reason}',
    es: 'Sus horas del {date} se corrigieron: {time}. {reason}',
  },
  timesheet_approved: {
    en: 'Your hours of {date} were approved.',
    fr: 'Vos heures du {date} ont été approuvées.',
    es: 'Sus horas del {date} fueron aprobadas.',
  },
  timesheet_rejected: {
    en: 'Your hours of {date} were not approved. Ask your manager why.',
    fr: 'Vos heures du {date} n’ont pas été approuvées. Demandez pourquoi à votre gestionnaire.',
    es: 'Sus horas del {date} no fueron aprobadas. Pregunte a su gerente por qué.',
  },
  timesheets_approved: {
    en: '{count} of your timesheets were approved.',
    fr: '{count} de vos feuilles de temps ont été approuvées.',
    es: 'Se aprobaron {count} de sus hojas de horas.',
  },
  timesheets_rejected: {
    en: '{count} of your timesheets were not approved. Ask your manager why.',
    fr: '{count} de vos feuilles de temps n’ont pas été approuvées. Demandez pourquoi à votre gestionnaire.',
    es: '{count} de sus hojas de horas no fueron aprobadas. Pregunte a su gerente por qué.',
  },
  // A staff member's proposed correction of their hours (decision 038)
  timesheet_proposed: {
    en: '{name} proposes {time} on {date}: {reason}',
    fr: '{name} propose {time} le {date} : {reason}',
    es: '{name} propone {time} el {date}: {reason}',
  },
  timesheet_proposal_accepted: {
    en: 'Your correction of {date} was accepted: your hours are now {time}.',
    fr: 'Votre correction du {date} a été acceptée : vos heures sont maintenant {time}.',
    es: 'Su corrección del {date} fue aceptada: sus horas ahora son {time}.',
  },
  timesheet_proposal_declined: {
    en: 'Your correction of {date} ({time}) was declined. {reason}',
    fr: 'Votre correction du {date} ({time}) a été refusée. {reason}',
    es: 'Su corrección del {date} ({time}) fue rechazada. {reason}',
  },
  shift_swapped: {
    en: 'Your shift was swapped with {name}: you now work {date}, {time}, instead of {other_date}, {other_time}.',
    fr: 'Votre quart a été échangé avec {name} : vous travaillez maintenant le {date}, {time}, au lieu du {other_date}, {other_time}.',
    es: 'Su turno se intercambió con {name}: ahora trabaja el {date}, {time}, en lugar del {other_date}, {other_time}.',
  },
  timeoff_requested: {
    en: '{name} asked for time off ({category}): {dates}.',
    fr: '{name} a demandé un congé ({category}) : {dates}.',
    es: '{name} pidió una ausencia ({category}): {dates}.',
  },
  timeoff_recorded: {
    en: '{name} recorded time off for you ({category}): {dates}.',
    fr: '{name} a inscrit un congé pour vous ({category}) : {dates}.',
    es: '{name} registró una ausencia para usted ({category}): {dates}.',
  },
  timeoff_approved: {
    en: 'Your time off ({category}) was approved: {dates}.',
    fr: 'Votre congé ({category}) a été approuvé : {dates}.',
    es: 'Su ausencia ({category}) fue aprobada: {dates}.',
  },
  timeoff_approved_unassigned: {
    en: 'Your time off ({category}) was approved: {dates}. Your shifts then were taken off you ({count}).',
    fr: 'Votre congé ({category}) a été approuvé : {dates}. Vos quarts pendant ce congé vous ont été retirés ({count}).',
    es: 'Su ausencia ({category}) fue aprobada: {dates}. Sus turnos en ese tiempo se le retiraron ({count}).',
  },
  timeoff_rejected: {
    en: 'Your time off ({category}) was declined: {dates}. {reason}',
    fr: 'Votre demande de congé ({category}) a été refusée : {dates}. {reason}',
    es: 'Su solicitud de ausencia ({category}) fue rechazada: {dates}. {reason}',
  },
  timeoff_withdrawn: {
    en: '{name} withdrew their request for time off ({category}): {dates}.',
    fr: '{name} a retiré sa demande de congé ({category}) : {dates}.',
    es: '{name} retiró su solicitud de ausencia ({category}): {dates}.',
  },
  timeoff_cancelled_for_you: {
    en: '{name} cancelled your request for time off ({category}): {dates}.',
    fr: '{name} a annulé votre demande de congé ({category}) : {dates}.',
    es: '{name} canceló su solicitud de ausencia ({category}): {dates}.',
  },
  timeoff_cancellation_requested: {
    en: '{name} asked to cancel approved time off ({category}): {dates}.',
    fr: '{name} a demandé d’annuler un congé approuvé ({category}) : {dates}.',
    es: '{name} pidió cancelar una ausencia aprobada ({category}): {dates}.',
  },
  timeoff_cancellation_approved: {
    en: 'Your time off ({category}) is cancelled: {dates}.',
    fr: 'Votre congé ({category}) est annulé : {dates}.',
    es: 'Su ausencia ({category}) quedó cancelada: {dates}.',
  },
  timeoff_cancellation_approved_shifts_back: {
    en: 'Your time off ({category}) is cancelled: {dates}. Shifts taken off you for it are yours again ({count}).',
    fr: 'Votre congé ({category}) est annulé : {dates}. Les quarts qui vous avaient été retirés vous sont rendus ({count}).',
    es: 'Su ausencia ({category}) quedó cancelada: {dates}. Los turnos que se le retiraron vuelven a ser suyos ({count}).',
  },
  timeoff_cancellation_refused: {
    en: 'Your time off ({category}) stays approved: {dates}. {reason}',
    fr: 'Votre congé ({category}) reste approuvé : {dates}. {reason}',
    es: 'Su ausencia ({category}) sigue aprobada: {dates}. {reason}',
  },
  timeoff_shifts_opened: {
    en: 'Shifts to fill ({count}): {name} is away {dates}.',
    fr: 'Quarts à pourvoir ({count}) : {name} est en congé {dates}.',
    es: 'Turnos por cubrir ({count}): {name} estará ausente {dates}.',
  },
  // Expenses and payroll (decision 027)
  expense_submitted: {
    en: 'An expense claim of {date} is waiting for your approval.',
    fr: 'Une dépense du {date} attend votre approbation.',
    es: 'Un gasto del {date} espera su aprobación.',
  },
  expense_approved: {
    en: 'Your expense of {date} was approved: it will be reimbursed with your next pay.',
    fr: 'Votre dépense du {date} a été approuvée : elle sera remboursée avec votre prochaine paie.',
    es: 'Su gasto del {date} fue aprobado: se reembolsará con su próxima nómina.',
  },
  expense_rejected: {
    en: 'Your expense of {date} was not approved: {reason}',
    fr: 'Votre dépense du {date} n’a pas été approuvée : {reason}',
    es: 'Su gasto del {date} no fue aprobado: {reason}',
  },
  expense_reimbursed: {
    en: 'Your expense of {date} was reimbursed.',
    fr: 'Votre dépense du {date} a été remboursée.',
    es: 'Su gasto del {date} fue reembolsado.',
  },
  payslip_ready: {
    en: 'Your payslip for {dates} is ready.',
    fr: 'Votre bulletin de paie du {dates} est prêt.',
    es: 'Su recibo de nómina del {dates} está listo.',
  },
  chat_mention: {
    en: '{name} mentioned you in {channel}: {text}',
    fr: '{name} vous a mentionné dans {channel} : {text}',
    es: '{name} le mencionó en {channel}: {text}',
  },
  /** In a direct conversation the channel is the person who wrote: "Ana mentioned you in Ana" said nothing. */
  chat_mention_direct: {
    en: '{name} mentioned you in a direct message: {text}',
    fr: '{name} vous a mentionné dans un message direct : {text}',
    es: '{name} le mencionó en un mensaje directo: {text}',
  },
  announcement_posted: {
    en: 'Announcement from {name}: {title}',
    fr: 'Annonce de {name} : {title}',
    es: 'Anuncio de {name}: {title}',
  },
} satisfies Record<string, Record<Locale, string>>

/** The roles every business starts with, named in each language (their stored names stay English). */
const builtInRoles: Record<BuiltInRole, Record<Locale, string>> = {
  'Super Admin': { en: 'Super Admin', fr: 'Super administrateur', es: 'Superadministrador' },
  'System Administrator': { en: 'System Administrator', fr: 'Administrateur système', es: 'Administrador del sistema' },
  Manager: { en: 'Manager', fr: 'Gestionnaire', es: 'Gerente' },
  Staff: { en: 'Staff', fr: 'Employé', es: 'Personal' },
}

/** How many shifts a publish made new, changed or cancelled for someone, in words. */
const shiftChanges: Record<Locale, Record<'new' | 'changed' | 'cancelled', (n: number) => string>> = {
  en: { new: (n) => (n === 1 ? '1 new shift' : `${n} new shifts`), changed: (n) => (n === 1 ? '1 shift changed' : `${n} shifts changed`), cancelled: (n) => (n === 1 ? '1 shift cancelled' : `${n} shifts cancelled`) },
  fr: { new: (n) => (n === 1 ? '1 nouveau quart' : `${n} nouveaux quarts`), changed: (n) => (n === 1 ? '1 quart modifié' : `${n} quarts modifiés`), cancelled: (n) => (n === 1 ? '1 quart annulé' : `${n} quarts annulés`) },
  es: { new: (n) => (n === 1 ? '1 turno nuevo' : `${n} turnos nuevos`), changed: (n) => (n === 1 ? '1 turno modificado' : `${n} turnos modificados`), cancelled: (n) => (n === 1 ? '1 turno cancelado' : `${n} turnos cancelados`) },
}

function changesIn(language: Locale, values: Record<string, string>): string {
  const parts = (['new', 'changed', 'cancelled'] as const).flatMap((kind) => {
    const n = Number(values[kind] ?? 0)
    return n > 0 ? [shiftChanges[language][kind](n)] : []
  })
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(parts)
}

export type NotificationTitle = keyof typeof titles

/** Whether `kind` is a title of the catalogue (a row written by a later version may name one this one lacks). */
export const isNotificationTitle = (kind: string): kind is NotificationTitle => Object.hasOwn(titles, kind)

/** The business-wide chat channel's name, as the chat's list says it. */
export const everyoneChannel: Record<Locale, string> = { en: 'Everyone', fr: 'Tout le monde', es: 'Todos' }

// French days name the weekday in full: "du jeu. 3 déc." in a sentence reads as "of the game".
const dayFormat = (language: Locale) => new Intl.DateTimeFormat(`${language}-CA`, { weekday: language === 'fr' ? 'long' : 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const day = (value: string) => new Date(`${value}T00:00:00Z`)
const isDate = (value: string | undefined): value is string => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value)

/** The days `from`–`to` (YYYY-MM-DD) as one day or a range, with the hours `start`–`end` when given. */
function datesIn(language: Locale, values: Record<string, string>): string {
  const { from, to, start, end } = values
  if (!isDate(from)) return ''
  const format = dayFormat(language)
  // Two days joined by hand: how formatRange writes a range changes with the ICU of each Node version.
  const days = isDate(to) && to !== from ? `${format.format(day(from))} – ${format.format(day(to))}` : format.format(day(from))
  return start && end ? `${days}, ${start}–${end}` : days
}

/**
 * A title in the recipient's language; a `{role}` that is a built-in role is named in that
 * language too, a `{date}` or `{other_date}` (YYYY-MM-DD) is written the way that language writes a day,
 * `{dates}` the days `from`–`to` (and hours `start`–`end`), and `{changes}` names the counts
 * `new`, `changed` and `cancelled` that are not zero.
 */
export function notificationTitle(kind: NotificationTitle, locale: string, values: Record<string, string> = {}): string {
  const language: Locale = (locale as Locale) in titles[kind] ? (locale as Locale) : 'en'
  const text = titles[kind][language]
  const written = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? ''
    if (name === 'changes') return changesIn(language, values)
    if (name === 'dates') return datesIn(language, values)
    if (name === 'role' && isBuiltInRole(value)) return builtInRoles[value][language]
    // A time-off category Rota made reads in the recipient's language, as on screen.
    if (name === 'category') return timeoffCategoryName(value, language)
    // The business-wide channel has a name in each language, as in the chat's list.
    if (name === 'channel' && values.channel_kind === 'everyone') return `#${everyoneChannel[language]}`
    if ((name === 'date' || name === 'other_date') && isDate(value)) return dayFormat(language).format(day(value))
    return value
  })
  // An optional part left empty (a reason nobody gave) leaves no trailing space; a day that ends
  // abbreviated ("ven. 4 déc.") ends its sentence with its own full stop, at the end or before the next.
  return written.trim().replace(/\.\.(?=\s|$)/g, '.')
}
