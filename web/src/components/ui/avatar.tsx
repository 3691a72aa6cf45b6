import { initials, type Profile } from '@rota/core'

/** The signed-in person's initials, or their Google picture. */
export function Avatar({ user, className = 'size-8' }: { user: Profile; className?: string }) {
  if (user.google_picture) return <img src={user.google_picture} alt="" className={`${className} rounded-full object-cover`} referrerPolicy="no-referrer" />
  return (
    <span aria-hidden="true" className={`${className} grid place-items-center rounded-full bg-tertiary-200 text-xs font-bold text-tertiary-800`}>
      {initials(user)}
    </span>
  )
}
