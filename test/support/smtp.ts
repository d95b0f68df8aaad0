import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a loopback port (random unless given) that keeps every message it receives. */
export async function startSmtpCapture(port = 0) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    to: (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token query parameter of the first app link in a mail. */
export function tokenFrom(mail: CapturedMail): string {
  const match = /[?&]token=([^\s&]+)/.exec(mail.text);
  if (!match) throw new Error(`no token link in "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}
