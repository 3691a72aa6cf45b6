import { Link } from 'wouter'
import { buttonClass } from '../../../components/ui/button.tsx'

/** A page's main action as a link styled like a button. */
export function ActionLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className={buttonClass('primary', 'md')}>
      {children}
    </Link>
  )
}
