import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

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
    /** The mails to `address` once at least `count` have arrived (or what came within ~4 s). */
    async arrived(address: string, count: number) {
      const to = () => mails.filter((m) => m.to.includes(address.toLowerCase()));
      for (let i = 0; i < 200 && to().length < count; i++) await new Promise((r) => setTimeout(r, 20));
      return to();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token query parameter of the first app link in a mail. */
export function tokenFrom(mail: CapturedMail): string {
  const match = /[?&]token=([^\s&]+)/.exec(mail.text);
  if (!match) throw new Error(`no token link in "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * One capture for a whole test file: started before its tests and set as SMTP_URL, closed after them
 * with SMTP_URL restored. Use the returned object's methods inside tests (the server exists by then).
 */
export function captureMailForFile() {
  let capture: SmtpCapture | undefined;
  const saved = process.env.SMTP_URL;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    process.env.SMTP_URL = capture.url;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    await capture?.close();
  });
  const started = () => {
    if (!capture) throw new Error("the mail capture starts in beforeAll");
    return capture;
  };
  return {
    get url() {
      return started().url;
    },
    get mails() {
      return started().mails;
    },
    to: (address: string) => started().to(address),
    arrived: (address: string, count: number) => started().arrived(address, count),
  };
}
