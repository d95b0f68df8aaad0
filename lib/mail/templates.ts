import { appUrl } from "../config.ts";
import { SITE } from "../site.ts";
import type { Mail } from "./send.ts";

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A block of a mail: a paragraph, a heading or a list. */
type Block = string | { heading: string } | { items: string[] };

/** footer: why the mail came and how to stop it, small under the rest. */
function layout(to: string, subject: string, blocks: Block[], action?: { label: string; url: string }, rows: [string, string][] = [], footer?: string): Mail {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  const table = rows.length ? ["", ...rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`)] : [];
  const textBlocks = blocks.map((b) => (typeof b === "string" ? b : "heading" in b ? `\n${b.heading.toUpperCase()}` : b.items.map((i) => `- ${i}`).join("\n")));
  const text = [...textBlocks, ...table, ...(action ? ["", `${action.label}: ${action.url}`] : []), "", "— Cohost", ...(footer ? ["", footer] : [])].join("\n");
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
${rows.length ? `<table style="border-collapse:collapse;margin:16px 0">${rows.map(([label, value]) => `<tr><th style="text-align:left;font-weight:400;color:#5b6675;padding:4px 24px 4px 0">${escape(label)}</th><td style="padding:4px 0;font-weight:600">${escape(value)}</td></tr>`).join("")}</table>` : ""}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#315580;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#5b6675">${escape(action.url)}</p>` : ""}
${footer ? `<p style="font-size:12px;color:#5b6675;border-top:1px solid #e3e7ec;padding-top:12px;margin-top:24px">${escape(footer)}</p>` : ""}
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
  /** The agent whose "Write a summary after each meeting" sent it (the footer links to its settings). */
  agentId: string | null;
  /** Its title, or the one made from where it is (englishMeetingTitle). */
  title: string;
  /** The meeting's date (YYYY-MM-DD) in the agent's time zone. */
  date: string;
  agentName: string;
  summary: string;
  decisions: string[];
  actionItems: { text: string; owner: string | null; due: string | null }[];
  notes: { kind: "note" | "action_item"; text: string; owner: string | null; due: string | null }[];
  /** The meeting was recorded (docs/recordings.md): the mail says so and where to play it. */
  recorded?: boolean;
}

/** "Text (Owner, due 2026-12-01)". */
export function actionItemLine(a: { text: string; owner: string | null; due: string | null }): string {
  const details = [a.owner, a.due && `due ${a.due}`].filter(Boolean).join(", ");
  return details ? `${a.text} (${details})` : a.text;
}

/** The minutes of a meeting for its owner (docs/tools.md): summary, decisions, action items and the agent's notes. */
export function summaryMail(to: string, m: SummaryMailContent): Mail {
  const { title } = m;
  const blocks: Block[] = [`${m.agentName} wrote the minutes of “${title}” (${m.date}).`, { heading: "Summary" }, ...m.summary.split(/\n+/).filter(Boolean)];
  if (m.decisions.length) blocks.push({ heading: "Decisions" }, { items: m.decisions });
  if (m.actionItems.length) blocks.push({ heading: "Action items" }, { items: m.actionItems.map(actionItemLine) });
  const notes = m.notes.filter((n) => n.kind === "note").map((n) => n.text);
  if (notes.length) blocks.push({ heading: "Notes taken in the meeting" }, { items: notes });
  if (m.recorded) blocks.push({ heading: "Recording" }, "This meeting was recorded. Play it beside the transcript on the meeting's page.");
  const settings = m.agentId ? ` (${appUrl()}/agents/${encodeURIComponent(m.agentId)}/edit)` : "";
  const footer = `You get this e-mail because “Write a summary after each meeting” is on for ${m.agentName}. To stop it, switch that off in the agent's settings${settings}.`;
  return layout(to, `Minutes: ${title}`, blocks, { label: "Open the meeting", url: `${appUrl()}/meetings/${encodeURIComponent(m.id)}/details` }, [], footer);
}

export function retiringModelMail(to: string, agent: { id: string; name: string }, r: { providerName: string; model: string; retiresOn: string; replacement: string; retired: boolean }): Mail {
  const when = new Date(`${r.retiresOn}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const subject = r.retired ? `${agent.name}: ${r.model} has been retired` : `${agent.name}: ${r.model} retires on ${when}`;
  const lines = r.retired
    ? [`Your agent "${agent.name}" uses ${r.model}, which ${r.providerName} retired on ${when}. Its meetings fail until you pick another model.`]
    : [`Your agent "${agent.name}" uses ${r.model}, which ${r.providerName} retires on ${when}. From that day the agent stops answering in meetings.`];
  lines.push(`Open the agent and pick ${r.replacement} (or another current model), then save.`);
  return layout(to, subject, lines, { label: "Edit the agent", url: `${appUrl()}/agents/${agent.id}/edit` });
}

/** After the account is gone: what went with it, and whom to write if it was not them. */
export function accountDeletedMail(to: string, firstName: string): Mail {
  return layout(to, "Your Cohost account was deleted", [
    `Hi ${firstName},`,
    "Your Cohost account was deleted, as asked, with everything in it: agents, meetings with their transcripts and summaries, calendars, API keys, webhooks and the credit balance with its history. It cannot be restored, and Cohost sends no more e-mails to this address.",
    `If this was not you, write to ${SITE.contactEmail} now.`,
  ]);
}

export function passwordChangedMail(to: string, firstName: string): Mail {
  return layout(
    to,
    "Your Cohost password was changed",
    [
      `Hi ${firstName},`,
      "The password of your Cohost account was just changed, and every other browser and app signed in to it was signed out.",
      "If this was not you, reset your password now: someone else may know the old one.",
    ],
    { label: "Reset the password", url: `${appUrl()}/signin` },
  );
}

export function apiKeyCreatedMail(to: string, key: { name: string; prefix: string; scope: "read" | "full" }): Mail {
  return layout(
    to,
    "A new Cohost API key was created",
    [
      `An API key named "${key.name}" (${key.prefix}…, ${key.scope === "read" ? "read only" : "full access"}) was just created for your Cohost account.`,
      "If this was not you, revoke it on the Developers page and reset your password: resetting it revokes every API key.",
    ],
    { label: "Open the Developers page", url: `${appUrl()}/developers` },
  );
}

export function confirmNewEmailMail(to: string, firstName: string, token: string): Mail {
  const url = `${appUrl()}/signin?mode=confirm-email&token=${encodeURIComponent(token)}`;
  return layout(to, "Confirm your new e-mail for Cohost", [`Hi ${firstName},`, "Please confirm that this is the new e-mail address of your Cohost account. The link is valid for 24 hours; until you follow it, your account keeps its current address."], {
    label: "Confirm new e-mail",
    url,
  });
}

export function emailChangeRequestedMail(to: string, firstName: string, newEmail: string): Mail {
  return layout(to, "Your Cohost e-mail is about to change", [
    `Hi ${firstName},`,
    `Someone signed in to your Cohost account asked to change its e-mail address to ${newEmail}. It changes only when the link sent there is followed.`,
    "If this was not you, change your password in your account settings: someone else knows it.",
  ]);
}

export function emailChangedMail(to: string, firstName: string, newEmail: string): Mail {
  return layout(to, "Your Cohost e-mail was changed", [
    `Hi ${firstName},`,
    `Your Cohost account now uses ${newEmail}. This address will get no more messages about it.`,
    `If this was not you, write to ${SITE.contactEmail} right away.`,
  ]);
}

export interface ReceiptFacts {
  firstName: string;
  kind: "topup" | "auto_refill";
  amount: string;
  balance: string;
  date: string;
  reference: string;
  testMode: boolean;
}

/** A receipt for a top-up or an automatic refill (amounts already formatted as USD). */
export function receiptMail(to: string, r: ReceiptFacts): Mail {
  const what = r.kind === "auto_refill" ? "automatic refill" : "top-up";
  return layout(
    to,
    r.kind === "auto_refill" ? `Receipt: Cohost auto-refill of ${r.amount}` : `Receipt: Cohost top-up of ${r.amount}`,
    [
      `Hi ${r.firstName},`,
      r.kind === "auto_refill"
        ? `Your balance fell below your threshold, so your saved card was charged ${r.amount} and the credit added. Thank you.`
        : `Thank you for your ${what} of ${r.amount}. The credit is on your balance now.`,
      ...(r.testMode ? ["Test mode: this server has no payment provider, so no card was charged."] : []),
    ],
    { label: "See billing", url: `${appUrl()}/billing` },
    [
      ["Amount", r.amount],
      ["Date", r.date],
      ["Paid with", r.testMode ? "Test checkout (no charge)" : "Card"],
      ["New balance", r.balance],
      ["Reference", r.reference],
    ],
  );
}

export function webhookDisabledMail(to: string, url: string, failingSince: Date): Mail {
  return layout(
    to,
    "A Cohost webhook endpoint was turned off",
    [
      `Cohost could not deliver events to ${url} since ${failingSince.toUTCString()}, so the endpoint has been turned off and receives no more events.`,
      "Once it answers again, turn it back on under Developers; its delivery log shows what went wrong, and each event can be sent again from there.",
    ],
    { label: "Open Developers", url: `${appUrl()}/developers` },
  );
}

export function calendarReconnectMail(to: string, provider: string, account: string, reason: string, pageUrl: string): Mail {
  return layout(
    to,
    `Reconnect your ${provider} calendar to Cohost`,
    [
      `Cohost can no longer read the ${provider} calendar${account ? ` of ${account}` : ""}: ${reason}`,
      "The events already imported are kept and your agent still joins them, but changes made in the calendar no longer reach Cohost until you reconnect it.",
    ],
    { label: "Reconnect", url: pageUrl },
  );
}
