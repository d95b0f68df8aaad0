"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useHydrated } from "@/lib/client/use-hydrated";
import { isLive } from "@/lib/meetings/status";
import type { RoomAgent } from "@/lib/rooms/room-agents";
import { MeetingLink } from "./room-agents";
import type { RoomCallState } from "./use-room-call";

const PROBLEM = "rounded-md border border-error/40 bg-error/10 px-3 py-2 text-sm";

/** Before the call: a name and Join, the agents on their way, and what stopped the last try (the microphone, the server). */
export function RoomLobby({ room, initialAgents }: { room: RoomCallState; initialAgents: RoomAgent[] }) {
  const t = useTranslations("rooms");
  const format = useFormatter();
  // Join works once the page is interactive; the name is read from the field itself, so text typed
  // (or autofilled) before that is not lost.
  const ready = useHydrated();
  const nameField = useRef<HTMLInputElement>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  // Agents sent into the room that are in it or on their way (as the page was loaded).
  const arriving = initialAgents.filter((a) => isLive(a.status)).map((a) => a.agentName);
  const { problem, phase } = room;

  const join = (withMic: boolean) => {
    const trimmed = nameField.current?.value.trim() ?? "";
    if (!trimmed) return setNameError(t("nameRequired"));
    setNameError(null);
    void room.join(trimmed, withMic);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    join(true);
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-[var(--text-muted)]">{t("intro")}</p>
      {arriving.length > 0 && (
        <p className="mt-3 rounded-md bg-primary-light/60 px-3 py-2 text-sm dark:bg-primary/20">
          {t("agentsArriving", { names: format.list(arriving, { type: "conjunction" }), count: arriving.length })}
        </p>
      )}
      <form className="mt-5 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField ref={nameField} label={t("yourName")} name="name" defaultValue={room.name} maxLength={60} autoComplete="name" error={nameError} hint={t("micNote")} />
        {problem && (
          <p role="alert" className={PROBLEM}>
            {t(`mic.${problem}`)}
          </p>
        )}
        {room.joinError && (
          <p role="alert" className={PROBLEM}>
            {room.joinError}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {problem && problem !== "unsupported" && (
            <Button variant="secondary" disabled={phase === "joining"} onClick={() => join(false)}>
              {t("joinWithoutMic")}
            </Button>
          )}
          <Button type="submit" disabled={!ready} loading={phase === "joining"}>
            {phase === "joining" ? t("joining") : t("join")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * After the call: why it ended; for the owner of an agent sent in, the meeting it became (its
 * transcript, cost, summary and exports); Rejoin unless the room itself is closed.
 */
export function RoomClosed({ room }: { room: RoomCallState }) {
  const t = useTranslations("rooms");
  const owned = room.agents.filter((a) => a.owner);
  return (
    <Card className="mx-auto w-full max-w-md">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p role="status" className="mt-2">
        {t(`closed.${room.closedReason}`)}
      </p>
      {owned.length > 0 && (
        <ul className="mt-4 flex flex-col gap-2">
          {owned.map((a, i) => (
            <li key={`${i}:${a.agentName}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">{a.agentName}</span>
              <MeetingLink meetingId={a.owner!.meetingId} agentName={a.agentName} variant={i === 0 ? "primary" : "secondary"} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {room.closedReason !== "room_closed" && (
          <Button variant={owned.length > 0 ? "secondary" : "primary"} onClick={room.rejoin}>
            {t("rejoin")}
          </Button>
        )}
        {owned.length > 0 && (
          <Link href="/meetings" className={buttonClassName("ghost")}>
            {t("allMeetings")}
          </Link>
        )}
      </div>
    </Card>
  );
}
