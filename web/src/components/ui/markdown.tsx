import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo } from 'react'

/**
 * Markdown as sanitised HTML: `marked` turns it into HTML, DOMPurify keeps only harmless
 * elements and attributes (no scripts, no event handlers, no `javascript:` links), and links
 * open in a new tab without handing it this page.
 * @example
 * markdownHtml('**Bold** <img src=x onerror=alert(1)>') // '<p><strong>Bold</strong> <img src="x"></p>\n'
 */
export function markdownHtml(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true })
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] })
}

let hooked = false
function hookLinks() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
}

/**
 * Text written in Markdown (an FAQ's answer, an announcement), shown sanitised.
 * @example
 * <Markdown source={faq.answer} />
 */
export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  hookLinks()
  const html = useMemo(() => markdownHtml(source), [source])
  return <div className={`rota-markdown text-sm text-slate-800 ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
