/**
 * A real SMTP server on this machine (smtp-server) that keeps every mail it receives: for tests
 * of a deployment that sends its mail over SMTP_URL, as a provider's does.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

export function startSmtpServer(): Promise<{
  server: SMTPServer
  port: number
  mails: ReceivedMail[]
}> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      // biome-ignore lint/suspicious/noExplicitAny: smtp-server's typings do not expose the inner net.Server.
      const port = ((server as any).server.address() as AddressInfo).port
      resolve({ server, port, mails })
    })
  })
}
