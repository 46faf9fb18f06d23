import type { APIRequestContext } from '@playwright/test';

/**
 * The journeys' outside services for accounts: SMS codes go to the local Eskiz of scripts/fake-eskiz.mjs and
 * mails to the local SMTP server of scripts/fake-smtp.mjs; both tell what they received. Ports are chosen once
 * by the config and inherited by the workers.
 */
export const E2E_ESKIZ = {
  email: 'e2e@yuk.example',
  password: 'e2e-eskiz-secret',
  url: () => `http://127.0.0.1:${process.env.YUK_E2E_ESKIZ_PORT}`,
};
export const E2E_SMTP = {
  url: () => `smtp://127.0.0.1:${process.env.YUK_E2E_SMTP_PORT}`,
  readback: () => `http://127.0.0.1:${process.env.YUK_E2E_MAILS_PORT}`,
};

/** The newest code texted to a phone (+998…), waiting for the outbox to send it. */
export async function smsCodeFor(request: APIRequestContext, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await request.get(`${E2E_ESKIZ.url()}/_test/messages`);
    const messages = (await response.json()) as { mobile_phone: string; message: string }[];
    const text = messages.filter((m) => m.mobile_phone === phone.replace(/^\+/, '')).at(-1)?.message;
    const code = text && /#(\d{6})$/.exec(text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS reached ${phone}`);
}

/** The newest mail to an address, waiting for the outbox to send it. */
export async function mailTo(request: APIRequestContext, address: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await request.get(`${E2E_SMTP.readback()}/_test/mails`);
    const mails = (await response.json()) as { to: string[]; subject: string; text: string }[];
    const mail = mails.filter((m) => m.to.includes(address)).at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail reached ${address}`);
}
