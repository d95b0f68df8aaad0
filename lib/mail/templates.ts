import { appUrl } from "../config.ts";
import type { Mail } from "./send.ts";

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A block of a mail: a paragraph, a heading or a list. */
type Block = string | { heading: string } | { items: string[] };

function layout(to: string, subject: string, blocks: Block[], action?: { label: string; url: string }): Mail {
  const textBlocks = blocks.map((b) => (typeof b === "string" ? b : "heading" in b ? `\n${b.heading.toUpperCase()}` : b.items.map((i) => `- ${i}`).join("\n")));
  const text = [...textBlocks, ...(action ? ["", `${action.label}: ${action.url}`] : []), "", "— Cohost"].join("\n");
  const htmlBlocks = blocks.map((b) =>
    typeof b === "string"
      ? `<p>${escape(b)}</p>`
      : "heading" in b
        ? `<h2 style="font-size:16px;margin:24px 0 8px">${escape(b.heading)}</h2>`
        : `<ul style="padding-left:20px;margin:0">${b.items.map((i) => `<li style="margin:4px 0">${escape(i)}</li>`).join("")}</ul>`,
  );
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1b2430;max-width:560px;margin:auto;padding:24px">
<div style="display:flex;align-items:center;gap:8px;margin-bottom:24px"><span style="display:inline-block;width:32px;height:32px;border-radius:6px;background:#315580;color:#fff;text-align:center;line-height:32px;font-weight:700">C</span><strong style="font-size:18px">Cohost</strong></div>
${htmlBlocks.join("\n")}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#315580;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#5b6675">${escape(action.url)}</p>` : ""}
</body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMail(to: string, firstName: string, token: string): Mail {
  const url = `${appUrl()}/signin?mode=verify-email&token=${encodeURIComponent(token)}`;
  return layout(to, "Confirm your e-mail for Cohost", [`Hi ${firstName},`, "Welcome to Cohost! Please confirm your e-mail address to activate your account. The link is valid for 24 hours."], {
    label: "Confirm e-mail",
    url,
  });
}

export function alreadyRegisteredMail(to: string): Mail {
  return layout(
    to,
    "Someone tried to sign up with your e-mail",
    [
      "Someone (hopefully you) tried to create a Cohost account with this e-mail address, but an account already exists.",
      "If it was you, sign in — or reset your password if you forgot it. If it was not you, you can ignore this message.",
    ],
    { label: "Sign in", url: `${appUrl()}/signin` },
  );
}

export function resetPasswordMail(to: string, token: string): Mail {
  const url = `${appUrl()}/signin?mode=reset-password&token=${encodeURIComponent(token)}`;
  return layout(to, "Reset your Cohost password", ["We received a request to reset your Cohost password. The link is valid for 1 hour.", "If you did not ask for this, ignore this message; your password stays as it is."], {
    label: "Choose a new password",
    url,
  });
}

export interface SummaryMailContent {
  id: string;
  title: string;
  /** The meeting's date (YYYY-MM-DD) in the agent's time zone. */
  date: string;
  agentName: string;
  summary: string;
  decisions: string[];
  actionItems: { text: string; owner: string | null; due: string | null }[];
  notes: { kind: "note" | "action_item"; text: string; owner: string | null; due: string | null }[];
}

/** "Text (Owner, due 2026-12-01)". */
export function actionItemLine(a: { text: string; owner: string | null; due: string | null }): string {
  const details = [a.owner, a.due && `due ${a.due}`].filter(Boolean).join(", ");
  return details ? `${a.text} (${details})` : a.text;
}

/** The minutes of a meeting for its owner (docs/tools.md): summary, decisions, action items and the agent's notes. */
export function summaryMail(to: string, m: SummaryMailContent): Mail {
  const title = m.title || "your meeting";
  const blocks: Block[] = [`${m.agentName} wrote the minutes of “${title}” (${m.date}).`, { heading: "Summary" }, ...m.summary.split(/\n+/).filter(Boolean)];
  if (m.decisions.length) blocks.push({ heading: "Decisions" }, { items: m.decisions });
  if (m.actionItems.length) blocks.push({ heading: "Action items" }, { items: m.actionItems.map(actionItemLine) });
  const notes = m.notes.filter((n) => n.kind === "note").map((n) => n.text);
  if (notes.length) blocks.push({ heading: "Notes taken in the meeting" }, { items: notes });
  return layout(to, `Minutes: ${title}`, blocks, { label: "Open the meeting", url: `${appUrl()}/meetings/${encodeURIComponent(m.id)}/details` });
}
