"use client";
import * as Toast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { notifications, useNotifications } from "@/lib/client/notifications";
import { cn } from "@/components/ui/cn";

const TONES = {
  success: "border-success-strong bg-success-strong text-white",
  info: "border-primary bg-primary text-white",
  warning: "border-warning-bg bg-warning-bg text-[#1b2430]",
  error: "border-error-strong bg-error-strong text-white",
};

/**
 * Spec §4: the latest notification top-right, auto-hidden after its duration or closed by hand. It
 * sits below the header so the theme and account buttons stay usable while it shows. On phones the
 * page's heading is right there, so toasts rise from the bottom instead, above the cookie banner and
 * a form's sticky save bar (both publish their height).
 */
export function ToastView() {
  const t = useTranslations("shell");
  const items = useNotifications();
  const latest = items[items.length - 1];
  return (
    <Toast.Provider swipeDirection="right">
      {latest && (
        <Toast.Root
          key={latest.id}
          duration={latest.autoHide ? latest.duration : Infinity}
          onOpenChange={(open) => !open && notifications.remove(latest.id)}
          className={cn("flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg", TONES[latest.type])}
          type={latest.type === "error" ? "foreground" : "background"}
        >
          <Toast.Description className="flex-1">{latest.message}</Toast.Description>
          <Toast.Close aria-label={t("closeNotification")} className="rounded p-0.5 hover:bg-black/10">
            <X size={16} aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-[calc(var(--cookie-banner-height,0px)+var(--sticky-actions-height,0px)+1rem)] right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none md:bottom-auto md:top-[4.5rem]" />
    </Toast.Provider>
  );
}
