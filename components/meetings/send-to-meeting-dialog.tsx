"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { SelectField } from "@/components/agents/select-field";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { issuesFor, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import { useMeetingActions } from "@/lib/client/use-meetings";
import { useSubmit } from "@/lib/client/use-submit";
import { TryInRoomButton } from "./try-in-room-button";
import { parseJoinLink, platformOfBadLink } from "@/lib/meetings/meeting-url";

type Field = "agentId" | "meetingUrl" | "title" | "startAt";

/** Why an agent cannot be sent now (paused, or a provider without its key), or null when it can. */
function blocker(agent: Agent): "paused" | "needsKeys" | null {
  if (agent.status !== "active") return "paused";
  return agent.sttHasKey && agent.aiHasKey && agent.ttsHasKey ? null : "needsKeys";
}

/** datetime-local wants local wall-clock time without a zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "Send agent to a meeting": agent picker, link with live recognition of the platform, optional title
 * and start time. Joining now opens the meeting's page to follow the agent in; scheduling stays here.
 */
export function SendToMeetingDialog({ open, onOpenChange, defaultAgentId }: { open: boolean; onOpenChange: (open: boolean) => void; defaultAgentId?: string }) {
  const t = useTranslations("meetings");
  const format = useFormatter();
  const router = useRouter();
  const { agents } = useAgents();
  const actions = useMeetingActions();
  // A fresh dialog each time it opens (it is mounted only while open).
  const [picked, setPicked] = useState("");
  const [url, setUrl] = useState("");
  const [urlTouched, setUrlTouched] = useState(false);
  const [title, setTitle] = useState("");
  const [later, setLater] = useState(false);
  const [startAt, setStartAt] = useState(() => localInputValue(new Date(Date.now() + 60 * 60 * 1000)));
  const form = useSubmit<Field>({ errors: "inline" });
  const { errors } = form;
  const sending = form.busy;

  // Until the user picks one, the agent is chosen for them (the agents may still be loading when the
  // dialog opens, e.g. from the dashboard's link). Only an agent that can go is chosen; a paused or
  // keyless one must be picked knowingly (and is disabled).
  const agentId = picked || (agents.find((a) => a.id === defaultAgentId && !blocker(a)) ?? agents.find((a) => !blocker(a)))?.id || "";

  const selected = agents.find((a) => a.id === agentId && !blocker(a));
  const link = useMemo(() => parseJoinLink(url, window.location.origin), [url]);
  // A link on a platform's site that is not a meeting link says what that platform's links look like.
  const invalidLink = () => {
    const platform = platformOfBadLink(url);
    return platform ? t(`send.badLink.${platform}`) : t("send.linkInvalid");
  };
  const linkError = url.trim() && !link && urlTouched ? invalidLink() : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUrlTouched(true);
    const valid = form.check({
      agentId: agentId ? undefined : t("send.chooseAgent"),
      meetingUrl: !url.trim() ? t("send.linkRequired") : !link ? invalidLink() : undefined,
      startAt: later && !startAt ? t("send.startAtRequired") : undefined,
    });
    if (!valid) return;
    void form.run(
      async () => {
        const meeting = await actions.join({
          agentId,
          meetingUrl: url.trim(),
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(later ? { startAt: new Date(startAt).toISOString() } : {}),
        });
        const agent = agents.find((a) => a.id === agentId)?.name ?? "";
        onOpenChange(false);
        if (meeting.status === "scheduled") {
          notifications.add({ type: "success", message: t("toast.scheduled", { agent, when: format.dateTime(new Date(meeting.scheduledStart), { dateStyle: "medium", timeStyle: "short" }) }) });
        } else {
          // The meeting's page follows the agent in (and says so if it fails); no toast to contradict it.
          router.push(`/meetings/${meeting.id}/details`);
        }
      },
      { failure: (err) => issuesFor(err, ["agentId", "meetingUrl", "title", "startAt"]) ?? messageOf(err) },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)} title={t("send.title")} description={t("send.description")} closeLabel={t("send.cancel")}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <SelectField label={t("send.agent")} value={agentId} onChange={(e) => setPicked(e.target.value)} error={errors.agentId}>
          <option value="" disabled>
            {t("send.chooseAgent")}
          </option>
          {agents.map((a) => {
            const why = blocker(a);
            return (
              <option key={a.id} value={a.id} disabled={why !== null}>
                {why ? t(`send.${why}`, { name: a.name }) : a.name}
              </option>
            );
          })}
        </SelectField>
        <div className="flex flex-col gap-1">
          <TextField
            label={t("send.link")}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://meet.google.com/abc-defg-hij"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onBlur={() => setUrlTouched(true)}
            error={errors.meetingUrl ?? linkError}
            hint={t("send.linkHint")}
          />
          {link && (
            <p className="text-sm text-success-text" aria-live="polite">
              ✓ {t("send.detected", { platform: t(`platforms.${link.platform}`) })}
            </p>
          )}
        </div>
        <TextField label={t("send.meetingTitle")} placeholder={t("send.titlePlaceholder")} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("send.when")}</legend>
          <div className="flex gap-4">
            {(["now", "later"] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm">
                <input type="radio" name="when" className="h-4 w-4 accent-primary" checked={later === (choice === "later")} onChange={() => setLater(choice === "later")} />
                {t(`send.${choice}`)}
              </label>
            ))}
          </div>
          {later && <TextField label={t("send.startAt")} type="datetime-local" value={startAt} onChange={(e) => setStartAt(e.target.value)} error={errors.startAt} />}
        </fieldset>
        <FormAlert message={errors.form} boxed />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          {selected ? (
            <TryInRoomButton agentId={selected.id} agentName={selected.name} size="md" variant="ghost" disabled={sending} onDone={() => onOpenChange(false)} title={t("testRoom.hint")} />
          ) : (
            <span />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={sending}>
              {t("send.cancel")}
            </Button>
            <Button type="submit" loading={sending}>
              {later ? t("send.submitLater") : t("send.submitNow")}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
