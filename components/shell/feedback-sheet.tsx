"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { FeedbackForm, useFeedback } from "./feedback-form";
import { SheetHeader } from "./sheet-header";
import { FeedbackLabel, NAV_BUTTON } from "./triggers";

/**
 * The drawer's Feedback action (phones): a full-width sheet from the top of the screen, above the
 * drawer, so the heading, the text box and the thank-you stay in view — also with the on-screen
 * keyboard open, which covers the bottom of the screen.
 */
export function FeedbackSheet() {
  const t = useTranslations("feedback");
  const shell = useTranslations("shell");
  const feedback = useFeedback();
  return (
    <RadixDialog.Root open={feedback.open} onOpenChange={feedback.setOpen}>
      <RadixDialog.Trigger className={NAV_BUTTON}>
        <FeedbackLabel />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[55] bg-black/40" />
        <RadixDialog.Content className="fixed inset-x-0 top-0 z-[56] max-h-[100dvh] overflow-y-auto rounded-b-xl bg-[var(--surface)] p-4 text-[var(--text)] shadow-xl">
          <SheetHeader title={t("title")} description={t("label")} closeLabel={shell("close")} className="mb-3 gap-4" />
          <FeedbackForm feedback={feedback} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
