import DOMPurify from 'dompurify'
import { Marked, Renderer, type Tokens } from 'marked'
import { useMemo } from 'react'

/** Addresses a link or an image may have: the web, e-mail, telephone, or within Rota. */
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i

/**
 * Markdown as written by people: HTML typed into it is shown as text, not markup, and a link
 * or image whose address is not the web, e-mail, a phone or Rota itself leads nowhere.
 */
const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    link(this: Renderer, token: Tokens.Link) {
      return Renderer.prototype.link.call(this, token).replace(/^<a /, '<a target="_blank" rel="noopener noreferrer" ')
    },
  },
  walkTokens(token) {
    if (token.type === 'html') {
      const text = { type: 'text', raw: token.raw, text: token.raw, escaped: false }
      Object.assign(token, token.block ? { type: 'paragraph', text: token.raw, tokens: [text] } : text)
    }
    if ((token.type === 'link' || token.type === 'image') && !SAFE_URL.test(String(token.href).trim())) token.href = '#'
  },
})

/**
 * Markdown as sanitised HTML, in two walls: `marked` renders it with any HTML typed into it
 * escaped and unsafe addresses dropped, then DOMPurify keeps only harmless elements and
 * attributes; links open in a new tab without handing it this page.
 * @example
 * markdownHtml('**Bold** <img src=x onerror=alert(1)>') // '<p><strong>Bold</strong> &lt;img src=x onerror=alert(1)&gt;</p>\n'
 */
export function markdownHtml(source: string): string {
  const html = markdown.parse(source, { async: false })
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'], ADD_ATTR: ['target'] })
}

/**
 * Text written in Markdown (an FAQ's answer, an announcement), shown sanitised.
 * @example
 * <Markdown source={faq.answer} />
 */
export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  const html = useMemo(() => markdownHtml(source), [source])
  return <div className={`rota-markdown text-sm text-slate-800 ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
