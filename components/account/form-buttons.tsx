"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** An account form's Submit (its label says when it is working) and Cancel, both waiting while it runs. */
export function FormButtons({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  const t = useTranslations("account.signIn");
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" loading={busy}>
        {label}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t("cancel")}
      </Button>
    </div>
  );
}
