"use client";
import * as Popover from "@radix-ui/react-popover";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { FeedbackForm, useFeedback } from "./feedback-form";
import { FeedbackLabel, NAV_BUTTON } from "./triggers";

/**
 * The sidebar's Feedback action (md and up): a popover right beside its nav item, its top level
 * with the item (it only moves up when the window is too short to show it below that).
 */
export function FeedbackPopover() {
  const t = useTranslations("feedback");
  const feedback = useFeedback();
  const titleId = useId();
  return (
    <Popover.Root open={feedback.open} onOpenChange={feedback.setOpen}>
      <Popover.Trigger className={NAV_BUTTON}>
        <FeedbackLabel />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="start"
          alignOffset={-8}
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={titleId}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4 text-[var(--text)] shadow-xl"
        >
          <h2 id={titleId} className="mb-3 font-semibold">
            {t("title")}
          </h2>
          <FeedbackForm feedback={feedback} titleId={titleId} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
