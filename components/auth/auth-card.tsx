import type { ReactNode } from "react";
import { LanguageSelect } from "@/components/shell/language-select";

/** The branded frame of every sign-in view: logo, title, subtitle, content. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-primary-light/40 px-4 py-10 dark:bg-transparent">
      <div className="w-full max-w-md rounded-xl border border-[var(--border)] bg-[var(--surface)] p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex items-center gap-2">
          <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-md bg-primary text-lg font-bold text-white">
            C
          </span>
          <span className="text-xl font-semibold">Cohost</span>
        </div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-[var(--text-muted)]">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      <LanguageSelect />
    </main>
  );
}

export function Notice({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  const styles = {
    success: "border-success/40 bg-success/10",
    error: "border-error/40 bg-error/10",
    info: "border-primary/30 bg-primary-light/40 dark:bg-primary/20",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
