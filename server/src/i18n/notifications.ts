import type { Locale } from '@rota/core'

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

export type NotificationTitle = keyof typeof titles

export function notificationTitle(kind: NotificationTitle, locale: string, values: Record<string, string> = {}): string {
  const text = titles[kind][(locale as Locale) in titles[kind] ? (locale as Locale) : 'en']
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
}
