import { appUrl } from "../config.ts";
import type { Mail } from "./send.ts";

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(to: string, subject: string, lines: string[], action?: { label: string; url: string }): Mail {
  const text = [...lines, ...(action ? ["", `${action.label}: ${action.url}`] : []), "", "— Cohost"].join("\n");
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1b2430;max-width:560px;margin:auto;padding:24px">
<div style="display:flex;align-items:center;gap:8px;margin-bottom:24px"><span style="display:inline-block;width:32px;height:32px;border-radius:6px;background:#315580;color:#fff;text-align:center;line-height:32px;font-weight:700">C</span><strong style="font-size:18px">Cohost</strong></div>
${lines.map((l) => `<p>${escape(l)}</p>`).join("\n")}
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

export function retiringModelMail(to: string, agent: { id: string; name: string }, r: { providerName: string; model: string; retiresOn: string; replacement: string; retired: boolean }): Mail {
  const when = new Date(`${r.retiresOn}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const subject = r.retired ? `${agent.name}: ${r.model} has been retired` : `${agent.name}: ${r.model} retires on ${when}`;
  const lines = r.retired
    ? [`Your agent "${agent.name}" uses ${r.model}, which ${r.providerName} retired on ${when}. Its meetings fail until you pick another model.`]
    : [`Your agent "${agent.name}" uses ${r.model}, which ${r.providerName} retires on ${when}. From that day the agent stops answering in meetings.`];
  lines.push(`Open the agent and pick ${r.replacement} (or another current model), then save.`);
  return layout(to, subject, lines, { label: "Edit the agent", url: `${appUrl()}/agents/${agent.id}/edit` });
}
