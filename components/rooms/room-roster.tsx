"use client";
import { Mic } from "lucide-react";
import { useTranslations } from "next-intl";
import { memo } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { Level } from "@/lib/client/audio-levels";
import type { PeerState, RosterEntry } from "@/lib/client/room-call";

/** Who is in the room: a live audio meter per person, highlighted while they speak; agents that left, marked so. */
export const RoomRoster = memo(function RoomRoster({
  roster,
  selfId,
  levels,
  peerStates,
  listenOnly,
  leftAgents = [],
}: {
  roster: RosterEntry[];
  selfId: string;
  levels: Record<string, Level>;
  peerStates: Record<string, PeerState>;
  listenOnly: boolean;
  /** Names of agents sent here that have left (issue 31: they vanished from the list without a word). */
  leftAgents?: string[];
}) {
  const t = useTranslations("rooms");
  return (
    <Card>
      <h2 id="room-roster" className="text-base font-semibold">
        {t("inRoom")}
      </h2>
      <ul aria-labelledby="room-roster" className="mt-3 flex flex-col gap-2">
        {roster.map((p) => {
          const self = p.id === selfId;
          const { level, speaking } = levels[p.id] ?? { level: 0, speaking: false };
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
                {/* Scaled, not resized: the compositor animates a transform without laying out or painting the page. */}
                <span
                  className="block h-full origin-left rounded-full bg-success transition-transform duration-100"
                  style={{ transform: `scaleX(${level / 100})` }}
                />
              </span>
            </li>
          );
        })}
        {leftAgents
          .filter((name) => !roster.some((p) => p.name === name))
          .map((name, i) => (
            <li key={`left-${i}`} data-left className="flex items-center gap-3 rounded-md border border-transparent p-2 text-[var(--text-muted)]">
              <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-[var(--surface-muted)] font-semibold">
                {name.charAt(0).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1 truncate text-sm">
                {name} ({t("leftTag")})
              </span>
            </li>
          ))}
      </ul>
    </Card>
  );
});
