"use client";
import { useTranslations } from "next-intl";
import { memo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import type { ChatLine } from "@/lib/client/room-chat";
import { FollowLog } from "./follow-log";
import { useSubmit } from "@/lib/client/use-submit";

/**
 * The room's chat: everyone's lines (an agent reads them and answers a line that names it or its
 * wake word, here), and a box to type one. Follows new lines unless scrolled up.
 */
export function RoomChat({ lines, selfId, send }: { lines: ChatLine[]; selfId: string; send: (text: string) => Promise<void> }) {
  const t = useTranslations("rooms.chat");
  const [text, setText] = useState("");
  const submit = useSubmit<"text">({ errors: "inline" });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    void submit.run(async () => {
      await send(trimmed);
      setText("");
    }, { failure: (err) => ({ text: err instanceof Error ? err.message : String(err) }) });
  };

  return (
    <Card className="flex flex-col gap-3">
      <h2 id="room-chat" className="text-base font-semibold">
        {t("title")}
      </h2>
      <ChatLog lines={lines} selfId={selfId} />
      <form onSubmit={onSubmit} className="flex items-start gap-2">
        <TextField
          label={t("label")}
          className="min-w-0 flex-1"
          value={text}
          maxLength={2000}
          autoComplete="off"
          error={submit.errors.text}
          onChange={(e) => {
            setText(e.target.value);
            submit.clear("text");
          }}
        />
        <Button type="submit" size="sm" className="mt-6" loading={submit.busy} disabled={!text.trim()}>
          {submit.busy ? t("sending") : t("send")}
        </Button>
      </form>
    </Card>
  );
}

const ChatLog = memo(function ChatLog({ lines, selfId }: { lines: ChatLine[]; selfId: string }) {
  const t = useTranslations("rooms.chat");
  if (lines.length === 0) return <p className="text-sm text-[var(--text-muted)]">{t("empty")}</p>;
  return (
    <FollowLog lines={lines} labelledBy="room-chat" className="max-h-[40vh]">
      {/* What an agent's bot reads (lib/bots/platforms/room.ts): each line's id and its sender's participant id, as the server stamped them. */}
      <ol className="flex flex-col gap-2">
        {lines.map((line) => (
          <li key={line.id} data-chat-line={line.id} data-sender-id={line.fromId} className="text-sm">
            <span className="font-semibold" data-chat-sender>
              {line.name}
            </span>
            {line.fromId === selfId && <span className="ml-1 text-xs text-[var(--text-muted)]">({t("you")})</span>}
            <span className="mt-0.5 block break-words" data-chat-text>
              {line.text}
            </span>
          </li>
        ))}
      </ol>
    </FollowLog>
  );
});
