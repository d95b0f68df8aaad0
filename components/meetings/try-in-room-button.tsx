"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ApiError } from "@/lib/client/api";
import { messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useMeetingActions } from "@/lib/client/use-meetings";
import { useSubmit } from "@/lib/client/use-submit";

/**
 * "Try in the test room": a room of Cohost's own, the agent sent into it, and the user taken there to
 * talk to it — no Zoom, Teams or Meet account needed.
 */
export function TryInRoomButton({ agentId, agentName, onDone, ...rest }: { agentId: string; agentName: string; onDone?: () => void } & Omit<ButtonProps, "onClick">) {
  const t = useTranslations("meetings.testRoom");
  const actions = useMeetingActions();
  const router = useRouter();
  const submit = useSubmit();
  const start = () =>
    submit.run(
      async () => {
        // The room itself says the agent is on its way (a toast there would cover the call's buttons).
        // No title of its own: "Test room with …" is made where it is shown, in the reader's language.
        const { roomUrl } = await actions.tryInTestRoom(agentId);
        onDone?.();
        router.push(roomUrl);
      },
      {
        leaving: true,
        failure: (err) => {
          // No credit: say what the test room costs and where to top up, not that a balance is "used up".
          const message = err instanceof ApiError && err.status === 402 ? t("noCredit") : messageOf(err);
          notifications.add({ type: "error", message, duration: 10_000 });
          return null;
        },
      },
    );
  return (
    <Button size="sm" variant="secondary" loading={submit.busy} onClick={start} aria-label={t("label", { name: agentName })} {...rest}>
      {t("button")}
    </Button>
  );
}
