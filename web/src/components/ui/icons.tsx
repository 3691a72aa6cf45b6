import type { SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement>

/**
 * An outline icon (24 × 24, stroke 1.5), hidden from screen readers: its button or link
 * carries the name. Calls are marked pure so a page only ships the icons it draws.
 * @example
 * export const StarIcon = outlineIcon('M11.48 3.499…') // with the pure annotation, as below
 */
export function outlineIcon(d: string) {
  return function Icon({ className = 'size-5', ...props }: IconProps) {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true" focusable="false" className={className} {...props}>
        <path strokeLinecap="round" strokeLinejoin="round" d={d} />
      </svg>
    )
  }
}

export const MenuIcon = /* @__PURE__ */ outlineIcon('M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5')
export const CloseIcon = /* @__PURE__ */ outlineIcon('M6 18 18 6M6 6l12 12')
export const ChevronDownIcon = /* @__PURE__ */ outlineIcon('m19.5 8.25-7.5 7.5-7.5-7.5')
export const ChevronRightIcon = /* @__PURE__ */ outlineIcon('m8.25 4.5 7.5 7.5-7.5 7.5')
export const CollapseIcon = /* @__PURE__ */ outlineIcon('m18.75 4.5-7.5 7.5 7.5 7.5m-6-15L5.25 12l7.5 7.5')
export const ExpandIcon = /* @__PURE__ */ outlineIcon('m5.25 4.5 7.5 7.5-7.5 7.5m6-15 7.5 7.5-7.5 7.5')
export const CheckIcon = /* @__PURE__ */ outlineIcon('m4.5 12.75 6 6 9-13.5')
export const InfoIcon = /* @__PURE__ */ outlineIcon(
  'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
)
export const GlobeIcon = /* @__PURE__ */ outlineIcon(
  'M12 21a9.004 9.004 0 0 0 8.716-6.747M12 21a9.004 9.004 0 0 1-8.716-6.747M12 21c2.485 0 4.5-4.03 4.5-9S14.485 3 12 3m0 18c-2.485 0-4.5-4.03-4.5-9S9.515 3 12 3m0 0a8.997 8.997 0 0 1 7.843 4.582M12 3a8.997 8.997 0 0 0-7.843 4.582m15.686 0A11.953 11.953 0 0 1 12 10.5c-2.998 0-5.74-1.1-7.843-2.918m15.686 0A8.959 8.959 0 0 1 21 12c0 .778-.099 1.533-.284 2.253m0 0A17.919 17.919 0 0 1 12 16.5c-3.162 0-6.133-.815-8.716-2.247m0 0A9.015 9.015 0 0 1 3 12c0-1.605.42-3.113 1.157-4.418',
)
export const InboxIcon = /* @__PURE__ */ outlineIcon(
  'M2.25 13.5h3.86a2.25 2.25 0 0 1 2.012 1.244l.256.512a2.25 2.25 0 0 0 2.013 1.244h3.218a2.25 2.25 0 0 0 2.013-1.244l.256-.512a2.25 2.25 0 0 1 2.013-1.244h3.859m-19.5.338V18a2.25 2.25 0 0 0 2.25 2.25h15A2.25 2.25 0 0 0 21.75 18v-4.162c0-.224-.034-.447-.1-.661L19.24 5.338a2.25 2.25 0 0 0-2.15-1.588H6.911a2.25 2.25 0 0 0-2.15 1.588L2.35 13.177a2.25 2.25 0 0 0-.1.661Z',
)
export const WarningIcon = /* @__PURE__ */ outlineIcon(
  'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
)
export const EyeIcon = /* @__PURE__ */ outlineIcon(
  'M2.036 12.322a1.012 1.012 0 0 1 0-.639C3.423 7.51 7.36 4.5 12 4.5c4.638 0 8.573 3.007 9.963 7.178.07.207.07.431 0 .639C20.577 16.49 16.64 19.5 12 19.5c-4.638 0-8.573-3.007-9.963-7.178ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
)
export const EyeOffIcon = /* @__PURE__ */ outlineIcon(
  'M3.98 8.223A10.477 10.477 0 0 0 1.934 12C3.226 16.338 7.244 19.5 12 19.5c.993 0 1.953-.138 2.863-.395M6.228 6.228A10.451 10.451 0 0 1 12 4.5c4.756 0 8.773 3.162 10.065 7.498a10.522 10.522 0 0 1-4.293 5.774M6.228 6.228 3 3m3.228 3.228 3.65 3.65m7.894 7.894L21 21m-3.228-3.228-3.65-3.65m0 0a3 3 0 1 0-4.243-4.243m4.242 4.242L9.88 9.88',
)
