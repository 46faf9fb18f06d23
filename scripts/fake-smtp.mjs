import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for the browser journeys (smtp-server takes each mail, mailparser reads it), with a small
 * HTTP side that tells what it received: GET /_test/mails gives [{ to, subject, text, html }].
 *
 * Run alone: node scripts/fake-smtp.mjs <smtp port> <http port>
 */
export async function startFakeSmtpWithReadback({ smtpPort = 0, httpPort = 0 }) {
  /** @type {{ to: string[], subject: string, text: string, html: string }[]} */
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((to) => to.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve(undefined)));
  const http = createServer((request, response) => {
    if (request.url === '/_test/mails') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(mails));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', () => resolve(undefined)));
  const port = (server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  return {
    smtpUrl: `smtp://127.0.0.1:${port(smtp.server)}`,
    httpUrl: `http://127.0.0.1:${port(http)}`,
    mails,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
        new Promise((resolve) => http.close(() => resolve(undefined))),
      ]),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
  const server = await startFakeSmtpWithReadback({ smtpPort, httpPort });
  console.log(`fake SMTP at ${server.smtpUrl}, mails at ${server.httpUrl}/_test/mails`);
}
