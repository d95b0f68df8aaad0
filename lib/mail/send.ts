import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { dataDir } from "../config.ts";
import { log } from "../log.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function from(): string {
  return process.env.MAIL_FROM || "Cohost <no-reply@localhost>";
}

let transport: nodemailer.Transporter | undefined;
let transportUrl: string | undefined;

/**
 * Sends through SMTP_URL. Without it (the zero-setup default) the message is written as an .eml file
 * under DATA_DIR/mail/ and one log line names the file — never the message body, which holds tokens.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const url = process.env.SMTP_URL;
  if (url) {
    if (!transport || transportUrl !== url) {
      transport = nodemailer.createTransport(url);
      transportUrl = url;
    }
    await transport.sendMail({ from: from(), ...mail });
    return;
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await stream.sendMail({ from: from(), ...mail });
  // Run-time data, not code: the ignore comments keep the build's file tracer from following it.
  const dir = path.join(/* turbopackIgnore: true */ dataDir(), "mail");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(/* turbopackIgnore: true */ dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^a-z0-9@.-]/gi, "_")}.eml`);
  fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
  log({ event: "mail_written_to_file", reason: "no SMTP_URL set", subject: mail.subject, to: mail.to, file });
}

/**
 * For notices about something that already happened (a password changed, a payment received): a
 * mail server problem is logged and must not turn the finished change into an error for the user.
 */
export async function sendNotice(mail: Mail): Promise<void> {
  try {
    await sendMail(mail);
  } catch (err) {
    log({ event: "mail_send_failed", level: "error", subject: mail.subject, error: (err as Error).message });
  }
}
