import type { Locale } from '@rota/core'

/** The e-mails Rota sends, and what each needs. */
export interface MailVariables {
  reset_password: { firstname: string; business_name: string; link: string; minutes: number }
  invite: { firstname: string; business_name: string; inviter: string; link: string; days: number }
  otp: { firstname: string; business_name: string; code: string; minutes: number }
  confirm_email: { firstname: string; business_name: string; link: string; minutes: number }
  email_changed: { firstname: string; business_name: string; new_email: string }
  notification: { firstname: string; business_name: string; title: string; link: string }
  invoice: { firstname: string; business_name: string; number: string; total: string; due_date: string; link: string }
}
export type MailKind = keyof MailVariables

interface Draft {
  subject: string
  /** Paragraphs; a link, if any, is shown as a button after them. */
  lines: string[]
  action?: { label: string; url: string }
}

type Catalogue = { [K in MailKind]: (v: MailVariables[K]) => Draft }

/** The greeting, with the name when we know it (an invited person may not have given one yet). */
const hello: Record<Locale, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  fr: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  es: (name) => (name ? `Hola ${name}:` : 'Hola:'),
}

const en: Catalogue = {
  reset_password: (v) => ({
    subject: `Reset your Rota password for ${v.business_name}`,
    lines: [hello.en(v.firstname), `Someone asked to reset your password for ${v.business_name}. If it was you, choose a new one within ${v.minutes} minutes.`, 'If it was not you, ignore this e-mail: your password stays as it is.'],
    action: { label: 'Choose a new password', url: v.link },
  }),
  invite: (v) => ({
    subject: `${v.inviter} invited you to ${v.business_name} on Rota`,
    lines: [hello.en(v.firstname), `${v.inviter} invited you to join ${v.business_name} on Rota, where you will see your schedule, hours and time off.`, `The invitation is valid for ${v.days} days.`],
    action: { label: 'Accept the invitation', url: v.link },
  }),
  otp: (v) => ({
    subject: `Your Rota sign-in code: ${v.code}`,
    lines: [hello.en(v.firstname), `Your code to sign in to ${v.business_name} is ${v.code}. It expires in ${v.minutes} minutes.`, 'If you did not try to sign in, change your password.'],
  }),
  confirm_email: (v) => ({
    subject: 'Confirm your new e-mail address for Rota',
    lines: [hello.en(v.firstname), `Confirm that this is your new e-mail address for ${v.business_name} within ${v.minutes} minutes.`],
    action: { label: 'Confirm this address', url: v.link },
  }),
  email_changed: (v) => ({
    subject: 'Your Rota e-mail address was changed',
    lines: [hello.en(v.firstname), `The e-mail address of your ${v.business_name} account is now ${v.new_email}.`, 'If you did not make this change, contact your administrator at once.'],
  }),
  notification: (v) => ({
    subject: `${v.title} — ${v.business_name}`,
    lines: [hello.en(v.firstname), v.title, 'You receive this because you asked for your notifications by e-mail; you can stop them on your profile.'],
    action: { label: 'Open Rota', url: v.link },
  }),
  invoice: (v) => ({
    subject: `Invoice ${v.number} from ${v.business_name}`,
    lines: [hello.en(v.firstname), `${v.business_name} sent you invoice ${v.number} for ${v.total}, due ${v.due_date}.`, 'The invoice is attached as a PDF; you can also see it online.'],
    action: { label: 'View the invoice', url: v.link },
  }),
}

const fr: Catalogue = {
  reset_password: (v) => ({
    subject: `Réinitialisez votre mot de passe Rota pour ${v.business_name}`,
    lines: [hello.fr(v.firstname), `Quelqu'un a demandé à réinitialiser votre mot de passe pour ${v.business_name}. Si c'était vous, choisissez-en un nouveau dans les ${v.minutes} minutes.`, "Si ce n'était pas vous, ignorez ce courriel : votre mot de passe reste inchangé."],
    action: { label: 'Choisir un nouveau mot de passe', url: v.link },
  }),
  invite: (v) => ({
    subject: `${v.inviter} vous invite à rejoindre ${v.business_name} sur Rota`,
    lines: [hello.fr(v.firstname), `${v.inviter} vous invite à rejoindre ${v.business_name} sur Rota, où vous verrez votre horaire, vos heures et vos congés.`, `L'invitation est valable ${v.days} jours.`],
    action: { label: "Accepter l'invitation", url: v.link },
  }),
  otp: (v) => ({
    subject: `Votre code de connexion Rota : ${v.code}`,
    lines: [hello.fr(v.firstname), `Votre code pour vous connecter à ${v.business_name} est ${v.code}. Il expire dans ${v.minutes} minutes.`, "Si vous n'avez pas essayé de vous connecter, changez votre mot de passe."],
  }),
  confirm_email: (v) => ({
    subject: 'Confirmez votre nouvelle adresse courriel pour Rota',
    lines: [hello.fr(v.firstname), `Confirmez que ceci est votre nouvelle adresse courriel pour ${v.business_name} dans les ${v.minutes} minutes.`],
    action: { label: 'Confirmer cette adresse', url: v.link },
  }),
  email_changed: (v) => ({
    subject: 'Votre adresse courriel Rota a été changée',
    lines: [hello.fr(v.firstname), `L'adresse courriel de votre compte ${v.business_name} est maintenant ${v.new_email}.`, "Si vous n'avez pas fait ce changement, contactez immédiatement votre administrateur."],
  }),
  notification: (v) => ({
    subject: `${v.title} — ${v.business_name}`,
    lines: [hello.fr(v.firstname), v.title, 'Vous recevez ce courriel parce que vous avez demandé vos notifications par courriel; vous pouvez les arrêter dans votre profil.'],
    action: { label: 'Ouvrir Rota', url: v.link },
  }),
  invoice: (v) => ({
    subject: `Facture ${v.number} de ${v.business_name}`,
    lines: [hello.fr(v.firstname), `${v.business_name} vous a envoyé la facture ${v.number} de ${v.total}, payable au plus tard le ${v.due_date}.`, 'La facture est jointe en PDF; vous pouvez aussi la consulter en ligne.'],
    action: { label: 'Voir la facture', url: v.link },
  }),
}

const es: Catalogue = {
  reset_password: (v) => ({
    subject: `Restablezca su contraseña de Rota para ${v.business_name}`,
    lines: [hello.es(v.firstname), `Alguien pidió restablecer su contraseña para ${v.business_name}. Si fue usted, elija una nueva en los próximos ${v.minutes} minutos.`, 'Si no fue usted, ignore este correo: su contraseña no cambia.'],
    action: { label: 'Elegir una contraseña nueva', url: v.link },
  }),
  invite: (v) => ({
    subject: `${v.inviter} le invitó a ${v.business_name} en Rota`,
    lines: [hello.es(v.firstname), `${v.inviter} le invitó a unirse a ${v.business_name} en Rota, donde verá su horario, sus horas y sus ausencias.`, `La invitación es válida durante ${v.days} días.`],
    action: { label: 'Aceptar la invitación', url: v.link },
  }),
  otp: (v) => ({
    subject: `Su código de acceso a Rota: ${v.code}`,
    lines: [hello.es(v.firstname), `Su código para entrar en ${v.business_name} es ${v.code}. Caduca en ${v.minutes} minutos.`, 'Si no intentó iniciar sesión, cambie su contraseña.'],
  }),
  confirm_email: (v) => ({
    subject: 'Confirme su nueva dirección de correo para Rota',
    lines: [hello.es(v.firstname), `Confirme que esta es su nueva dirección de correo para ${v.business_name} en los próximos ${v.minutes} minutos.`],
    action: { label: 'Confirmar esta dirección', url: v.link },
  }),
  email_changed: (v) => ({
    subject: 'Su dirección de correo de Rota ha cambiado',
    lines: [hello.es(v.firstname), `La dirección de correo de su cuenta de ${v.business_name} ahora es ${v.new_email}.`, 'Si no hizo este cambio, contacte de inmediato con su administrador.'],
  }),
  notification: (v) => ({
    subject: `${v.title} — ${v.business_name}`,
    lines: [hello.es(v.firstname), v.title, 'Recibe este correo porque pidió sus notificaciones por correo; puede desactivarlas en su perfil.'],
    action: { label: 'Abrir Rota', url: v.link },
  }),
  invoice: (v) => ({
    subject: `Factura ${v.number} de ${v.business_name}`,
    lines: [hello.es(v.firstname), `${v.business_name} le envió la factura ${v.number} por ${v.total}, con vencimiento el ${v.due_date}.`, 'La factura va adjunta en PDF; también puede verla en línea.'],
    action: { label: 'Ver la factura', url: v.link },
  }),
}

const catalogues: Record<Locale, Catalogue> = { en, fr, es }

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** Renders an e-mail in the recipient's language as plain text and as simple HTML. */
export function renderMail<K extends MailKind>(kind: K, locale: Locale, variables: MailVariables[K]): RenderedMail {
  const draft = (catalogues[locale] ?? en)[kind](variables)
  const text = [...draft.lines, ...(draft.action ? [`${draft.action.label}: ${draft.action.url}`] : [])].join('\n\n')
  const paragraphs = draft.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')
  const button = draft.action
    ? `<p><a href="${escapeHtml(draft.action.url)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(draft.action.label)}</a></p>`
    : ''
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">${paragraphs}${button}</body></html>`
  return { subject: draft.subject, text, html }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}
