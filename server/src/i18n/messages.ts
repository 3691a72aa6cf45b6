import type { Locale } from '@rota/core'

/**
 * Every message the API sends, in Rota's three languages, keyed by the code the
 * answer carries. Clients show the message; scripts branch on the code.
 */
const en = {
  // errors
  validation_failed: 'Some fields are not valid.',
  unauthenticated: 'Please sign in.',
  invalid_token: 'Your session is not valid. Please sign in again.',
  token_expired: 'Your session has expired.',
  session_revoked: 'You have been signed out. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  not_found: 'Not found.',
  route_not_found: 'There is no such API route.',
  stale_version: 'Someone else changed this record. Reload it and try again.',
  rate_limited: 'Too many attempts. Try again later.',
  payload_too_large: 'The request is too large.',
  internal_error: 'Something went wrong on our side. Please try again.',
  invalid_json: 'The request body is not valid JSON.',
  credentials_required: 'Enter your e-mail and password.',
  invalid_authorization_header: 'The Authorization header must be "Basic" followed by base64 of email:password.',
  invalid_credentials: 'The business, e-mail or password is incorrect.',
  account_disabled: 'This account is disabled. Ask your administrator.',
  invalid_refresh_token: 'Your session has ended. Please sign in again.',
  invalid_link: 'This link is not valid or has expired. Ask for a new one.',
  business_taken: 'This business ID is already taken. Choose another.',
  common_password: 'This password is too common. Choose a less guessable one.',
  wrong_password: 'The current password is incorrect.',
  email_taken: 'Another account in this business already uses this e-mail address.',
  invalid_otp: 'The code is incorrect.',
  otp_locked: 'Too many wrong codes. Sign in again to get a new code.',
  otp_expired: 'This code has expired. Sign in again to get a new code.',
  google_disabled: 'Google sign-in is not set up for this Rota.',
  google_invalid: 'Google could not confirm who you are. Try again.',
  google_taken: 'This Google account is already linked to another user.',
  missing_xsrf: 'The anti-forgery token is missing or wrong. Reload the page and try again.',
  unsupported_media_type: 'Send JSON (Content-Type: application/json).',
  duplicate: 'This already exists.',
  in_use: 'This record is used elsewhere and cannot be removed.',
  database_unreachable: 'The database is not reachable.',
  // notices
  business_registered: 'Welcome to Rota! Your business is ready.',
  signed_out: 'You are signed out.',
  reset_sent: 'If an account exists for this address, we have sent a link to reset the password.',
  password_updated: 'Your password has been changed. Please sign in.',
  password_changed: 'Your password has been changed. Your other sessions were signed out.',
  email_change_sent: 'We have sent a confirmation link to the new address.',
  email_changed: 'Your e-mail address has been changed.',
  otp_sent: 'We have sent you a new code.',
  google_linked: 'Your Google account is linked.',
  invite_accepted: 'Welcome! Your account is ready.',
  profile_saved: 'Your profile has been saved.',
  settings_saved: 'Settings saved.',
}

export type MessageKey = keyof typeof en

const fr: Record<MessageKey, string> = {
  validation_failed: 'Certains champs ne sont pas valides.',
  unauthenticated: 'Veuillez vous connecter.',
  invalid_token: "Votre session n'est pas valide. Veuillez vous reconnecter.",
  token_expired: 'Votre session a expiré.',
  session_revoked: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas la permission de faire cela.",
  not_found: 'Introuvable.',
  route_not_found: "Cette route de l'API n'existe pas.",
  stale_version: "Quelqu'un d'autre a modifié cet enregistrement. Rechargez-le et réessayez.",
  rate_limited: 'Trop de tentatives. Réessayez plus tard.',
  payload_too_large: 'La requête est trop volumineuse.',
  internal_error: 'Une erreur est survenue de notre côté. Veuillez réessayer.',
  invalid_json: "Le corps de la requête n'est pas du JSON valide.",
  credentials_required: 'Saisissez votre courriel et votre mot de passe.',
  invalid_authorization_header: "L'en-tête Authorization doit être « Basic » suivi de courriel:mot de passe en base64.",
  invalid_credentials: "L'entreprise, le courriel ou le mot de passe est incorrect.",
  account_disabled: 'Ce compte est désactivé. Adressez-vous à votre administrateur.',
  invalid_refresh_token: 'Votre session est terminée. Veuillez vous reconnecter.',
  invalid_link: "Ce lien n'est pas valide ou a expiré. Demandez-en un nouveau.",
  business_taken: 'Cet identifiant d’entreprise est déjà pris. Choisissez-en un autre.',
  common_password: 'Ce mot de passe est trop courant. Choisissez-en un moins prévisible.',
  wrong_password: 'Le mot de passe actuel est incorrect.',
  email_taken: 'Un autre compte de cette entreprise utilise déjà ce courriel.',
  invalid_otp: 'Le code est incorrect.',
  otp_locked: 'Trop de codes erronés. Reconnectez-vous pour recevoir un nouveau code.',
  otp_expired: 'Ce code a expiré. Reconnectez-vous pour recevoir un nouveau code.',
  google_disabled: "La connexion Google n'est pas configurée pour ce Rota.",
  google_invalid: "Google n'a pas pu confirmer votre identité. Réessayez.",
  google_taken: 'Ce compte Google est déjà lié à un autre utilisateur.',
  missing_xsrf: 'Le jeton anti-falsification est absent ou erroné. Rechargez la page et réessayez.',
  unsupported_media_type: 'Envoyez du JSON (Content-Type: application/json).',
  duplicate: 'Cela existe déjà.',
  in_use: 'Cet enregistrement est utilisé ailleurs et ne peut pas être supprimé.',
  database_unreachable: "La base de données n'est pas joignable.",
  business_registered: 'Bienvenue dans Rota ! Votre entreprise est prête.',
  signed_out: 'Vous êtes déconnecté.',
  reset_sent: 'Si un compte existe pour cette adresse, nous avons envoyé un lien pour réinitialiser le mot de passe.',
  password_updated: 'Votre mot de passe a été changé. Veuillez vous connecter.',
  password_changed: 'Votre mot de passe a été changé. Vos autres sessions ont été déconnectées.',
  email_change_sent: 'Nous avons envoyé un lien de confirmation à la nouvelle adresse.',
  email_changed: 'Votre adresse courriel a été changée.',
  otp_sent: 'Nous vous avons envoyé un nouveau code.',
  google_linked: 'Votre compte Google est lié.',
  invite_accepted: 'Bienvenue ! Votre compte est prêt.',
  profile_saved: 'Votre profil a été enregistré.',
  settings_saved: 'Paramètres enregistrés.',
}

const es: Record<MessageKey, string> = {
  validation_failed: 'Algunos campos no son válidos.',
  unauthenticated: 'Inicie sesión.',
  invalid_token: 'Su sesión no es válida. Vuelva a iniciar sesión.',
  token_expired: 'Su sesión ha caducado.',
  session_revoked: 'Se ha cerrado su sesión. Vuelva a iniciar sesión.',
  forbidden: 'No tiene permiso para hacer esto.',
  not_found: 'No encontrado.',
  route_not_found: 'Esta ruta de la API no existe.',
  stale_version: 'Otra persona cambió este registro. Recárguelo e inténtelo de nuevo.',
  rate_limited: 'Demasiados intentos. Inténtelo más tarde.',
  payload_too_large: 'La solicitud es demasiado grande.',
  internal_error: 'Algo salió mal de nuestro lado. Inténtelo de nuevo.',
  invalid_json: 'El cuerpo de la solicitud no es JSON válido.',
  credentials_required: 'Introduzca su correo y su contraseña.',
  invalid_authorization_header: 'La cabecera Authorization debe ser «Basic» seguida de correo:contraseña en base64.',
  invalid_credentials: 'La empresa, el correo o la contraseña son incorrectos.',
  account_disabled: 'Esta cuenta está desactivada. Consulte a su administrador.',
  invalid_refresh_token: 'Su sesión ha terminado. Vuelva a iniciar sesión.',
  invalid_link: 'Este enlace no es válido o ha caducado. Pida uno nuevo.',
  business_taken: 'Este identificador de empresa ya está en uso. Elija otro.',
  common_password: 'Esta contraseña es demasiado común. Elija una menos predecible.',
  wrong_password: 'La contraseña actual es incorrecta.',
  email_taken: 'Otra cuenta de esta empresa ya usa este correo.',
  invalid_otp: 'El código es incorrecto.',
  otp_locked: 'Demasiados códigos erróneos. Inicie sesión de nuevo para recibir un código nuevo.',
  otp_expired: 'Este código ha caducado. Inicie sesión de nuevo para recibir un código nuevo.',
  google_disabled: 'El inicio de sesión con Google no está configurado en este Rota.',
  google_invalid: 'Google no pudo confirmar su identidad. Inténtelo de nuevo.',
  google_taken: 'Esta cuenta de Google ya está vinculada a otro usuario.',
  missing_xsrf: 'Falta el token antifalsificación o es erróneo. Recargue la página e inténtelo de nuevo.',
  unsupported_media_type: 'Envíe JSON (Content-Type: application/json).',
  duplicate: 'Esto ya existe.',
  in_use: 'Este registro se usa en otro lugar y no se puede eliminar.',
  database_unreachable: 'La base de datos no está accesible.',
  business_registered: '¡Bienvenido a Rota! Su empresa está lista.',
  signed_out: 'Ha cerrado sesión.',
  reset_sent: 'Si existe una cuenta con esta dirección, hemos enviado un enlace para restablecer la contraseña.',
  password_updated: 'Su contraseña ha sido cambiada. Inicie sesión.',
  password_changed: 'Su contraseña ha sido cambiada. Se cerraron sus otras sesiones.',
  email_change_sent: 'Hemos enviado un enlace de confirmación a la nueva dirección.',
  email_changed: 'Su dirección de correo ha sido cambiada.',
  otp_sent: 'Le hemos enviado un código nuevo.',
  google_linked: 'Su cuenta de Google está vinculada.',
  invite_accepted: '¡Bienvenido! Su cuenta está lista.',
  profile_saved: 'Su perfil ha sido guardado.',
  settings_saved: 'Configuración guardada.',
}

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, fr, es }

/** The message for a code in a locale (English when the locale is unknown). */
export function message(code: MessageKey, locale: string): string {
  return (catalogues[locale as Locale] ?? en)[code]
}

/** Picks en, fr or es from an Accept-Language header, English when none fits. */
export function localeFrom(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase()
    if (tag === 'en' || tag === 'fr' || tag === 'es') return tag
  }
  return 'en'
}
