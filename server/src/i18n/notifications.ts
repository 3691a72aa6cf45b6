import { isBuiltInRole, type BuiltInRole, type Locale } from '@rota/core'

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
    fr: '{name} a demandé le quart libre du {date}.',
    es: '{name} pidió el turno libre del {date}.',
  },
  shift_drop_requested: {
    en: '{name} asked to be let off their shift on {date}.',
    fr: '{name} a demandé à être libéré de son quart du {date}.',
    es: '{name} pidió dejar su turno del {date}.',
  },
  shift_swap_requested: {
    en: '{name} asked to swap their shift on {date}.',
    fr: '{name} a demandé à échanger son quart du {date}.',
    es: '{name} pidió intercambiar su turno del {date}.',
  },
  shift_request_approved: {
    en: 'Your request about the shift on {date} was approved.',
    fr: 'Votre demande concernant le quart du {date} a été approuvée.',
    es: 'Su solicitud sobre el turno del {date} fue aprobada.',
  },
  shift_request_rejected: {
    en: 'Your request about the shift on {date} was declined.',
    fr: 'Votre demande concernant le quart du {date} a été refusée.',
    es: 'Su solicitud sobre el turno del {date} fue rechazada.',
  },
  shift_swapped: {
    en: 'Your shift on {date} was swapped with {name}.',
    fr: 'Votre quart du {date} a été échangé avec {name}.',
    es: 'Su turno del {date} se intercambió con {name}.',
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

/**
 * A title in the recipient's language; a `{role}` that is a built-in role is named in that
 * language too, a `{date}` (YYYY-MM-DD) is written the way that language writes a day, and
 * `{changes}` names the counts `new`, `changed` and `cancelled` that are not zero.
 */
export function notificationTitle(kind: NotificationTitle, locale: string, values: Record<string, string> = {}): string {
  const language: Locale = (locale as Locale) in titles[kind] ? (locale as Locale) : 'en'
  const text = titles[kind][language]
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? ''
    if (name === 'changes') return changesIn(language, values)
    if (name === 'role' && isBuiltInRole(value)) return builtInRoles[value][language]
    if (name === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return new Intl.DateTimeFormat(`${language}-CA`, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`))
    }
    return value
  })
}
