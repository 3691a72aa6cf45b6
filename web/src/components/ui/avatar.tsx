import { initials, type Profile } from '@rota/core'

/** Someone's picture: the one they uploaded (`src`), else their Google picture, else their initials (`className` sizes both box and letters). */
export function Avatar({ user, src, className = 'size-8 text-xs' }: { user: Pick<Profile, 'firstname' | 'lastname' | 'email' | 'google_picture'>; src?: string | null; className?: string }) {
  const picture = src ?? user.google_picture
  if (picture) return <img src={picture} alt="" className={`${className} shrink-0 rounded-full object-cover`} referrerPolicy="no-referrer" />
  return (
    <span aria-hidden="true" className={`${className} grid shrink-0 place-items-center rounded-full bg-tertiary-200 font-bold text-tertiary-800`}>
      {initials(user)}
    </span>
  )
}
