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
} satisfies Record<string, Record<Locale, string>>

/** The roles every business starts with, named in each language (their stored names stay English). */
const builtInRoles: Record<BuiltInRole, Record<Locale, string>> = {
  'Super Admin': { en: 'Super Admin', fr: 'Super administrateur', es: 'Superadministrador' },
  'System Administrator': { en: 'System Administrator', fr: 'Administrateur système', es: 'Administrador del sistema' },
  Manager: { en: 'Manager', fr: 'Gestionnaire', es: 'Gerente' },
  Staff: { en: 'Staff', fr: 'Employé', es: 'Personal' },
}

export type NotificationTitle = keyof typeof titles

/** A title in the recipient's language; a `{role}` that is a built-in role is named in that language too. */
export function notificationTitle(kind: NotificationTitle, locale: string, values: Record<string, string> = {}): string {
  const language: Locale = (locale as Locale) in titles[kind] ? (locale as Locale) : 'en'
  const text = titles[kind][language]
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? ''
    return name === 'role' && isBuiltInRole(value) ? builtInRoles[value][language] : value
  })
}
