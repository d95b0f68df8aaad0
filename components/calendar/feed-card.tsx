"use client";
import { Copy, ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { copyToClipboard, notifications } from "@/lib/client/notifications";
import type { useFeedToken } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";

type Feed = ReturnType<typeof useFeedToken>;

const linkClass = "inline-flex h-8 items-center gap-1.5 rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5";

/**
 * The private feed address calendar apps subscribe to. The address is kept encrypted, so it can be
 * shown again ("Show address") with copy, open-in-app (webcal://) and Google Calendar links; making
 * a new one asks first, because the old address stops working at once. An address made before
 * addresses were kept cannot be shown: the card says so and offers a new one.
 */
export function FeedCard({ feed, hasToken, agentName }: { feed: Feed; hasToken: boolean; agentName?: string }) {
  const t = useTranslations("calendar.feed");
  const tEvent = useTranslations("calendar.event");
  const inputId = useId();
  const [asking, setAsking] = useState(false);
  const submit = useSubmit();
  const [unshowable, setUnshowable] = useState(false);

  const act = (what: "show" | "new") =>
    submit.run(
      async () => {
        if (what === "new") await feed.regenerate();
        else setUnshowable((await feed.show()) === null);
        setAsking(false);
      },
      { key: what },
    );
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
          <p className="text-xs text-[var(--text-muted)]">{t("secret")}</p>
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
              {t("hide")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
              {t("regenerate")}
            </Button>
          </div>
        </div>
      ) : hasToken ? (
        <div className="flex flex-col items-start gap-2">
          <p role={unshowable ? "status" : undefined} className="text-sm">
            {unshowable ? t("unshowable") : t("hasToken")}
          </p>
          <div className="flex flex-wrap gap-2">
            {!unshowable && (
              <Button variant="primary" loading={submit.running("show")} onClick={() => void act("show")}>
                {t("show")}
              </Button>
            )}
            <Button variant={unshowable ? "primary" : "secondary"} onClick={() => setAsking(true)}>
              {t("regenerate")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm">{t("noToken")}</p>
          <Button variant="primary" loading={submit.running("new")} onClick={() => void act("new")}>
            {t("create")}
          </Button>
        </div>
      )}
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("regenerateTitle")}
        description={t("regenerateText")}
        confirmLabel={t("regenerate")}
        cancelLabel={tEvent("cancel")}
        busy={submit.running("new")}
        onConfirm={() => void act("new")}
      />
    </Card>
  );
}
