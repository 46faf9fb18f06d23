import type { Transporter } from 'nodemailer';
import { lazyModule } from '@yuk/shared';
import { SEND_TIMEOUT_MS, errorText, type SendOutcome } from './channel.js';

export interface EmailConfig {
  /** smtp://user:pass@host:587 or smtps://…; without it mails are written to the log. */
  smtpUrl?: string | undefined;
  /** The From address. */
  from: string;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID: a resend of the same message carries the same one, so a mailbox can drop the copy. */
  messageId: string;
  language: string;
}

export interface EmailChannel {
  /** Whether mails really leave (SMTP) or only reach the log. */
  readonly sending: 'smtp' | 'log';
  send(mail: Email): Promise<SendOutcome>;
  close(): void;
}

interface SmtpError {
  responseCode?: number;
}

/** SMTP through nodemailer; without SMTP_URL the mail is logged instead, so a machine without mail works. */
export function createEmailChannel(config: EmailConfig, log: { info(obj: object, msg: string): void }): EmailChannel {
  if (!config.smtpUrl) {
    return {
      sending: 'log',
      async send(mail) {
        log.info(
          { to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId },
          'e-mail (no SMTP_URL)',
        );
        return { ok: true };
      },
      close: () => undefined,
    };
  }
  const url = config.smtpUrl;
  // nodemailer is loaded with the first mail, not at start: an idle instance keeps its memory
  let opened: Transporter | undefined;
  const transport = lazyModule(async () => {
    const { createTransport } = await import('nodemailer');
    opened = createTransport({
      url,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    });
    return opened;
  });
  return {
    sending: 'smtp',
    async send(mail) {
      try {
        await (
          await transport()
        ).sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: { 'Content-Language': mail.language },
        });
        return { ok: true };
      } catch (error) {
        const code = (error as SmtpError).responseCode;
        // 5xx: the server refused this mail for good (no such mailbox, policy); 4xx and network faults pass
        if (code !== undefined && code >= 500) return { ok: false, kind: 'refused', error: errorText(error) };
        return { ok: false, kind: 'retry', error: errorText(error) };
      }
    },
    // a transport not made yet (no mail sent) has nothing to close
    close: () => opened?.close(),
  };
}
