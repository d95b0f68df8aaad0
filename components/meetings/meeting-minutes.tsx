"use client";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { isLiveStatus, useMeetingActions, type MeetingDetails } from "@/lib/client/use-meetings";
import { useSubmit } from "@/lib/client/use-submit";

const FORMATS = ["md", "txt", "vtt", "srt", "json"] as const;

/** "Text (Owner, due 2026-12-01)" in the reader's words; the date never wraps at its hyphens. */
function useActionItemText() {
  const t = useTranslations("meetings.minutes");
  const date = (chunks: ReactNode) => <span className="whitespace-nowrap">{chunks}</span>;
  return (a: { text: string; owner: string | null; due: string | null }) =>
    a.owner && a.due
      ? t.rich("itemOwnerDue", { text: a.text, owner: a.owner, due: a.due, date })
      : a.owner
        ? t("itemOwner", { text: a.text, owner: a.owner })
        : a.due
          ? t.rich("itemDue", { text: a.text, due: a.due, date })
          : a.text;
}

/**
 * What the meeting leaves behind (docs/tools.md): the summary with decisions and action items
 * (written after the meeting with the agent's model; its progress, failure and "Try again"), the
 * notes the agent took during it, and downloads.
 */
export function MeetingMinutes({ meeting }: { meeting: MeetingDetails }) {
  const t = useTranslations("meetings.minutes");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SummaryCard meeting={meeting} />
      <div className="flex flex-col gap-4">
        <NotesCard meeting={meeting} />
        <Card className="flex flex-col gap-2">
          <h2 className="font-semibold">{t("download")}</h2>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {FORMATS.map((format) => (
              <a key={format} href={`/api/meetings/${meeting.id}/export?format=${format}`} download className="text-primary underline dark:text-[var(--text)]">
                {t(`formats.${format}`)}
              </a>
            ))}
          </p>
        </Card>
      </div>
    </div>
  );
}

function SummaryCard({ meeting }: { meeting: MeetingDetails }) {
  const t = useTranslations("meetings.minutes");
  const actions = useMeetingActions();
  const itemText = useActionItemText();
  const submit = useSubmit();
  const summary = meeting.summary;
  const write = () => submit.run(() => actions.writeSummary(meeting.id));
  const ended = !isLiveStatus(meeting.status) && meeting.status !== "scheduled";
  const canWrite = ended && meeting.agentId !== null && meeting.transcript.length > 0;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-semibold">{t("title")}</h2>
      {summary === null ? (
        <>
          <p className="text-sm text-[var(--text-muted)]">{ended ? t("none") : t("later")}</p>
          {canWrite && (
            <div>
              <Button variant="secondary" loading={submit.busy} onClick={write}>
                {t("write")}
              </Button>
            </div>
          )}
        </>
      ) : summary.status === "pending" || summary.status === "running" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-[var(--text-muted)]">
          <Spinner size={16} />
          {t("writing")}
        </p>
      ) : summary.status === "failed" ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
            {t("failed", { reason: summary.error ?? "" })}
          </p>
          <Button variant="secondary" loading={submit.busy} onClick={write}>
            {t("tryAgain")}
          </Button>
        </div>
      ) : summary.status === "empty" ? (
        <p className="text-sm text-[var(--text-muted)]">{t("empty")}</p>
      ) : (
        <>
          {summary.summary
            .split(/\n+/)
            .filter(Boolean)
            .map((paragraph, i) => (
              <p key={i} className="text-sm">
                {paragraph}
              </p>
            ))}
          <h3 className="text-sm font-medium">{t("decisions")}</h3>
          {summary.decisions.length === 0 ? (
            <p className="text-sm text-[var(--text-muted)]">{t("noDecisions")}</p>
          ) : (
            <ul className="list-disc pl-5 text-sm">
              {summary.decisions.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          )}
          <h3 className="text-sm font-medium">{t("actionItems")}</h3>
          {summary.actionItems.length === 0 ? (
            <p className="text-sm text-[var(--text-muted)]">{t("noActionItems")}</p>
          ) : (
            <ul className="list-disc pl-5 text-sm">
              {summary.actionItems.map((a, i) => (
                <li key={i}>{itemText(a)}</li>
              ))}
            </ul>
          )}
          <p className="text-xs text-[var(--text-muted)]">{summary.emailed ? t("emailed", { model: summary.model ?? "" }) : t("writtenBy", { model: summary.model ?? "" })}</p>
        </>
      )}
    </Card>
  );
}

function NotesCard({ meeting }: { meeting: MeetingDetails }) {
  const t = useTranslations("meetings.minutes");
  const itemText = useActionItemText();
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-semibold">{t("notes")}</h2>
      {meeting.notes.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("noNotes")}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {meeting.notes.map((n) => (
            <li key={n.id}>
              <span className="mr-2 rounded bg-primary-light px-1.5 text-xs text-primary-dark">{n.kind === "note" ? t("noteTag") : t("actionItemTag")}</span>
              {n.kind === "note" ? n.text : itemText(n)}
              {n.askedBy && <span className="ml-1 text-xs text-[var(--text-muted)]">{t("askedBy", { name: n.askedBy })}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
