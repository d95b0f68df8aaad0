"use client";
import { Copy, ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { copyToClipboard, notifications } from "@/lib/client/notifications";
import type { useFeedToken } from "@/lib/client/use-calendar";

type Feed = ReturnType<typeof useFeedToken>;

const linkClass = "inline-flex h-8 items-center gap-1.5 rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5";

/**
 * The private feed address calendar apps subscribe to. The token is shown once, right after it is
 * made (only its hash is stored), with copy, open-in-app (webcal://) and Google Calendar links;
 * making a new one asks first, because the old address stops working at once.
 */
export function FeedCard({ feed, hasToken, agentName }: { feed: Feed; hasToken: boolean; agentName?: string }) {
  const t = useTranslations("calendar.feed");
  const tEvent = useTranslations("calendar.event");
  const inputId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const regenerate = async () => {
    setBusy(true);
    try {
      await feed.regenerate();
      setAsking(false);
    } catch (err) {
      notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const token = feed.newToken;
  const webcal = token?.feedUrl.replace(/^https?:\/\//, "webcal://");

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className="text-sm text-[var(--text-muted)]">{agentName ? t("textAgent", { name: agentName }) : t("textUser")}</p>
      {token ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t("urlLabel")}
          </label>
          <div className="flex gap-2">
            <input id={inputId} readOnly value={token.feedUrl} onFocus={(e) => e.target.select()} className="min-w-0 flex-1 rounded-md border border-[var(--border)] bg-[var(--surface-muted)] px-3 py-2 font-mono text-xs" />
            <Button
              variant="secondary"
              onClick={async () => {
                if (await copyToClipboard(token.feedUrl)) notifications.add({ type: "success", message: t("copied") });
              }}
            >
              <Copy size={16} aria-hidden="true" />
              {t("copy")}
            </Button>
          </div>
          <p role="status" className="text-xs text-warning-text">
            {t("showOnce")}
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={webcal} className={linkClass}>
              <ExternalLink size={14} aria-hidden="true" />
              {t("openApp")}
            </a>
            <a href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal!)}`} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <ExternalLink size={14} aria-hidden="true" />
              {t("google")}
            </a>
            <Button size="sm" variant="ghost" onClick={feed.clear}>
              {t("done")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm">{hasToken ? t("hasToken") : t("noToken")}</p>
          <Button variant={hasToken ? "secondary" : "primary"} loading={busy && !asking} onClick={() => (hasToken ? setAsking(true) : void regenerate())}>
            {hasToken ? t("regenerate") : t("create")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("regenerateTitle")}
        description={t("regenerateText")}
        confirmLabel={t("regenerate")}
        cancelLabel={tEvent("cancel")}
        busy={busy}
        onConfirm={() => void regenerate()}
      />
    </Card>
  );
}
