"use client";
import * as Popover from "@radix-ui/react-popover";
import { MessageSquare } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { apiFetch } from "@/lib/client/api";
import { FEEDBACK_MAX, FEEDBACK_TOO_LONG, feedbackError, feedbackFieldInError } from "@/lib/feedback/rules";

type State = "idle" | "sending" | "success" | "error";
const SUCCESS_CLOSE_MS = 2000;

/** Spec §2/§4/§5 feedback popover: idle → sending → success (closes after 2 s) | error (stays open). */
export function FeedbackPopover() {
  const t = useTranslations("feedback");
  const pathname = usePathname();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [state, setState] = useState<State>("idle");
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const invalid = feedbackError(message) !== null;
  const showFieldError = feedbackFieldInError(message);
  const fieldError = showFieldError ? (feedbackError(message) === FEEDBACK_TOO_LONG ? t("tooLong") : t("tooShort")) : null;

  const send = async () => {
    if (invalid || state === "sending") return;
    setState("sending");
    setServerError(null);
    try {
      await apiFetch("/api/feedback", { method: "POST", body: JSON.stringify({ message: message.trim(), path: pathname }), fallback: t("failed") });
      setState("success");
      timer.current = setTimeout(() => {
        setOpen(false);
        setMessage("");
        setState("idle");
      }, SUCCESS_CLOSE_MS);
    } catch (err) {
      setServerError(err instanceof Error && err.message ? err.message : t("failed"));
      setState("error");
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => state !== "sending" && setOpen(next)}>
      <Popover.Trigger className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-hover-light dark:hover:bg-white/5">
        <MessageSquare size={18} aria-hidden="true" />
        {t("open")}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label={t("title")}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4 text-[var(--text)] shadow-xl"
        >
          <h2 className="mb-3 font-semibold">{t("title")}</h2>
          {state === "success" ? (
            <p role="status" className="text-sm text-success-text">
              {t("thanks")}
            </p>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void send();
              }}
              className="flex flex-col gap-2"
            >
              <label htmlFor={id} className="text-sm font-medium">
                {t("label")}
              </label>
              <textarea
                id={id}
                rows={5}
                value={message}
                placeholder={t("placeholder")}
                disabled={state === "sending"}
                aria-invalid={showFieldError || undefined}
                aria-describedby={`${id}-help`}
                onChange={(e) => {
                  setMessage(e.target.value);
                  if (state === "error") setState("idle");
                }}
                className={cn(
                  "w-full resize-y rounded-md border bg-[var(--surface)] px-3 py-2 text-sm focus:outline-2 focus:outline-primary",
                  showFieldError ? "border-error" : "border-[var(--border)]",
                )}
              />
              <div id={`${id}-help`} className="flex items-start justify-between gap-2 text-xs">
                <span role={fieldError ? "alert" : undefined} className="text-error-text">
                  {fieldError}
                </span>
                <span className={cn("tabular-nums", message.length > FEEDBACK_MAX ? "text-error-text" : "text-[var(--text-muted)]")}>
                  {t("counter", { count: message.length, max: FEEDBACK_MAX })}
                </span>
              </div>
              {state === "error" && serverError && (
                <p role="alert" className="rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
                  {serverError}
                </p>
              )}
              <Button type="submit" disabled={invalid} loading={state === "sending"} className="self-end">
                {state === "sending" ? t("sending") : t("send")}
              </Button>
            </form>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
