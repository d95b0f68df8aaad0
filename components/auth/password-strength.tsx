"use client";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { PasswordStrength } from "@/lib/auth/password-strength";

// The server's own rule (lib/auth/password-strength.ts), loaded once someone starts typing a new
// password: its common-password list is too big for any page's first load.
const rule = () => import("@/lib/auth/password-strength");

/** The strength of a new password as it is typed; null before the rule has loaded or when empty. */
export function usePasswordStrength(password: string, personal: string[]): PasswordStrength | null {
  const [check, setCheck] = useState<typeof import("@/lib/auth/password-strength").passwordStrength | null>(null);
  useEffect(() => {
    if (password && !check) void rule().then((m) => setCheck(() => m.passwordStrength));
  }, [password, check]);
  const key = personal.join("\u0000");
  return useMemo(() => (check && password ? check(password, key.split("\u0000")) : null), [check, password, key]);
}

const LEVELS = ["weak", "weak", "fair", "good", "strong"] as const;
const BAR = { weak: "bg-error-strong", fair: "bg-warning-text", good: "bg-success", strong: "bg-success" };

/** Four bars and a word, with the reason when the password would be refused. */
export function StrengthMeter({ strength, minLength }: { strength: PasswordStrength | null; minLength: number }) {
  const t = useTranslations("auth.strength");
  if (!strength) return <>{t("hint", { min: minLength })}</>;
  const level = LEVELS[strength.score];
  return (
    <span className="flex flex-col gap-1" data-testid="password-strength">
      <span className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((i) => (
          <span key={i} className={cn("h-1.5 flex-1 rounded-full", i <= Math.max(1, strength.score) ? BAR[level] : "bg-[var(--border)]")} />
        ))}
      </span>
      <span aria-live="polite">
        <span className="font-medium text-[var(--text)]">{t(level)}</span>
        {strength.problem ? ` · ${t(`problems.${strength.problem}`)}` : ""}
      </span>
    </span>
  );
}
