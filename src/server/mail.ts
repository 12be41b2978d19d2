import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  /** Where a reply goes, when not to the sender (a contact form's writer); an address already validated. */
  replyTo?: { name: string; address: string }
}

export interface Mailer {
  /** Delivers the mail; `file` is the `.eml` written when there is no SMTP server. */
  send(mail: Mail): Promise<{ file?: string }>
  close(): void
}

export interface MailerOptions {
  /** e.g. `smtps://user:pass@smtp.example.com`; without it mails go to `outboxDir`. */
  smtpUrl?: string
  outboxDir: string
  from: string
}

/** Sends through SMTP when configured, otherwise writes each mail as an RFC 822 `.eml` file. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await smtp.sendMail({ from: options.from, ...mail })
        return {}
      },
      close: () => smtp.close(),
    }
  }

  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    async send(mail) {
      const info = await stream.sendMail({ from: options.from, ...mail })
      if (!Buffer.isBuffer(info.message)) throw new Error('The mail was not rendered to a buffer')
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 })
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`)
      // Written under another name first so a reader never sees half a message.
      await fs.writeFile(`${file}.part`, info.message, { mode: 0o600 })
      await fs.rename(`${file}.part`, file)
      return { file }
    },
    close: () => stream.close(),
  }
}
