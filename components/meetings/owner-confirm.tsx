"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { isLiveStatus, useMeetingActions, type MeetingDetails } from "@/lib/client/use-meetings";
import { useSubmit } from "@/lib/client/use-submit";
import { nameKey } from "@/lib/tools/meeting-owner";

type Person = MeetingDetails["participants"][number];

/** Whether the page offers "That's me": a live meeting on Meet, Teams or Zoom (the test room knows its owner by sign-in). */
export const confirmsOwner = (meeting: MeetingDetails) => isLiveStatus(meeting.status) && meeting.platform !== "room";

/**
 * Who the owner is on Meet, Teams and Zoom (docs/tools.md, "Who is the owner"): the owner presses
 * "That's me" beside themselves; owner-only tools answer that participant only, and not while
 * someone else in the call shows the same name.
 */
export function OwnerNote({ meeting }: { meeting: MeetingDetails }) {
  const t = useTranslations("meetings.details.owner");
  const present = meeting.participants.filter((p) => !p.isAgent && !p.leftAt);
  const owner = present.find((p) => p.isOwner);
  const namesake = owner && present.some((p) => p.id !== owner.id && nameKey(p.name) === nameKey(owner.name));
  return (
    <div className="flex flex-col gap-1 text-sm" aria-live="polite">
      <p className="text-[var(--text-muted)]">{owner ? t("confirmed", { name: owner.name }) : t("unconfirmed")}</p>
      {namesake && (
        <p role="alert" className="text-warning-text">
          {t("namesake", { name: owner.name })}
        </p>
      )}
    </div>
  );
}

/** "That's me" beside a participant, or "Not me" beside the one confirmed. */
export function OwnerButton({ meeting, person }: { meeting: MeetingDetails; person: Person }) {
  const t = useTranslations("meetings.details.owner");
  const actions = useMeetingActions();
  const submit = useSubmit();
  if (person.isAgent || person.leftAt) return null;
  const set = (participantId: string | null) => submit.run(() => actions.confirmOwner(meeting.id, participantId));
  return (
    <span className="ml-2 inline-flex items-center gap-2">
      {person.isOwner && <span className="rounded bg-primary-light px-1.5 text-xs text-primary-dark">{t("you")}</span>}
      <Button size="sm" variant="ghost" loading={submit.busy} onClick={() => set(person.isOwner ? null : person.id)} aria-label={person.isOwner ? t("notMeLabel", { name: person.name }) : t("thatsMeLabel", { name: person.name })}>
        {person.isOwner ? t("notMe") : t("thatsMe")}
      </Button>
    </span>
  );
}
