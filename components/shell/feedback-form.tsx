"use client";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormAlert } from "@/components/ui/form-alert";
import { apiFetch } from "@/lib/client/api";
import { useSubmit } from "@/lib/client/use-submit";
import { FEEDBACK_MAX, FEEDBACK_TOO_LONG, feedbackError, feedbackFieldInError } from "@/lib/feedback/rules";

const SUCCESS_CLOSE_MS = 2000;

/**
 * Spec §2/§4/§5 feedback: idle → sending → success (clears and closes after 2 s) | error (stays
 * open). The draft lives here, in the frame that opens it (popover or sheet), so closing by
 * accident keeps what was typed.
 */
export function useFeedback() {
  const [open, setOpenState] = useState(false);
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);
  const submit = useSubmit({ errors: "inline" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const serverError = submit.errors.form ?? null;
  return {
    open,
    message,
    state: sent ? "success" : submit.busy ? "sending" : serverError ? "error" : "idle",
    serverError,
    // Closing is blocked while sending.
    setOpen: (next: boolean) => !submit.busy && setOpenState(next),
    edit: (text: string) => {
      setMessage(text);
      if (serverError) submit.setErrors({});
    },
    /** Sends; `fallback` is said when the failure has no message of its own. */
    send: (action: () => Promise<unknown>, fallback: string) =>
      submit.run(
        async () => {
          await action();
          setSent(true);
          timer.current = setTimeout(() => {
            setOpenState(false);
            setMessage("");
            setSent(false);
          }, SUCCESS_CLOSE_MS);
        },
        { failure: (err) => (err instanceof Error && err.message ? err.message : fallback) },
      ),
  };
}

export type Feedback = ReturnType<typeof useFeedback>;

/** The heading, text box, counter, messages and Send button, shared by the popover and the sheet. */
export function FeedbackForm({ feedback, titleId }: { feedback: Feedback; titleId?: string }) {
  const t = useTranslations("feedback");
  const pathname = usePathname();
  const id = useId();
  const { message, state, serverError } = feedback;
  const invalid = feedbackError(message) !== null;
  const showFieldError = feedbackFieldInError(message);
  const fieldError = showFieldError ? (feedbackError(message) === FEEDBACK_TOO_LONG ? t("tooLong") : t("tooShort")) : null;

  const send = () => {
    if (invalid || state === "sending") return;
    void feedback.send(() => apiFetch("/api/feedback", { method: "POST", body: JSON.stringify({ message: message.trim(), path: pathname }), fallback: t("failed") }), t("failed"));
  };

  if (state === "success") {
    return (
      <p role="status" className="text-sm text-success-text">
        {t("thanks")}
      </p>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      className="flex flex-col gap-2"
      aria-labelledby={titleId}
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
        onChange={(e) => feedback.edit(e.target.value)}
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
      <FormAlert message={state === "error" ? serverError : null} boxed />
      <Button type="submit" disabled={invalid} loading={state === "sending"} className="self-end">
        {state === "sending" ? t("sending") : t("send")}
      </Button>
    </form>
  );
}
