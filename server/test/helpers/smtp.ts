import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp() {
  const inbox: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { url: `smtp://127.0.0.1:${port}`, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The parts of a multipart message: each part's headers (lower-cased names) and its body, decoded. */
export function mimeParts(raw: string): { headers: Record<string, string>; body: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1]
  if (!boundary) return []
  const parts: { headers: Record<string, string>; body: Buffer }[] = []
  for (const chunk of raw.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break
    const [head, ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n')
    const headers: Record<string, string> = {}
    for (const line of (head ?? '').replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
      const colon = line.indexOf(':')
      if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
    }
    const text = rest.join('\r\n\r\n').replace(/\r\n$/, '')
    if (headers['content-type']?.startsWith('multipart/')) {
      parts.push(...mimeParts(`Content-Type: ${headers['content-type']}\r\n\r\n${text}`))
      continue
    }
    const encoding = headers['content-transfer-encoding']?.toLowerCase()
    const body =
      encoding === 'base64'
        ? Buffer.from(text.replace(/\s/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
          : Buffer.from(text, 'utf8')
    parts.push({ headers, body })
  }
  return parts
}
