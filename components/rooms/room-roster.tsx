"use client";
import { Mic } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { SPEAKING_LEVEL } from "@/lib/client/audio-levels";
import type { PeerState, RosterEntry } from "@/lib/client/room-call";

// A voice counts as speaking from the moment it is loud enough until it has been quiet this long,
// so the highlight does not flicker between words.
const SPEAKING_HOLD_MS = 400;

/** Who is in the room: a live audio meter per person, highlighted while they speak. */
export function RoomRoster({
  roster,
  selfId,
  levels,
  peerStates,
  listenOnly,
}: {
  roster: RosterEntry[];
  selfId: string;
  levels: Record<string, number>;
  peerStates: Record<string, PeerState>;
  listenOnly: boolean;
}) {
  const t = useTranslations("rooms");
  const loudAt = useRef(new Map<string, number>());
  const now = Date.now();
  for (const [id, level] of Object.entries(levels)) if (level >= SPEAKING_LEVEL) loudAt.current.set(id, now);
  return (
    <Card>
      <h2 id="room-roster" className="text-base font-semibold">
        {t("inRoom")}
      </h2>
      <ul aria-labelledby="room-roster" className="mt-3 flex flex-col gap-2">
        {roster.map((p) => {
          const self = p.id === selfId;
          const level = levels[p.id] ?? 0;
          const speaking = now - (loudAt.current.get(p.id) ?? 0) < SPEAKING_HOLD_MS;
          const state = self ? null : (peerStates[p.id] ?? "connecting");
          return (
            <li
              key={p.id}
              data-participant-id={p.id}
              data-self={self || undefined}
              data-speaking={speaking || undefined}
              className={cn(
                "flex items-center gap-3 rounded-md border p-2 transition-colors",
                speaking ? "border-success bg-success/10" : "border-transparent",
              )}
            >
              <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-light font-semibold text-primary-dark">
                {p.name.charAt(0).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">
                  <span data-participant-name>{p.name}</span>
                  {self && <span className="font-normal text-[var(--text-muted)]"> ({t("you")})</span>}
                </span>
                <span className="block text-xs text-[var(--text-muted)]">
                  {speaking ? (
                    <span className="inline-flex items-center gap-1 font-medium text-success-text">
                      <Mic size={12} aria-hidden="true" />
                      {t("speaking")}
                    </span>
                  ) : self && listenOnly ? (
                    t("listenOnly")
                  ) : state === "connecting" ? (
                    t("connecting")
                  ) : state === "failed" ? (
                    t("connectionFailed")
                  ) : (
                    " "
                  )}
                </span>
              </span>
              <span
                role="meter"
                aria-label={t("levelLabel", { name: p.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={level}
                className="h-2 w-16 shrink-0 overflow-hidden rounded-full bg-[var(--border)]"
              >
                <span className="block h-full rounded-full bg-success transition-[width] duration-100" style={{ width: `${level}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
