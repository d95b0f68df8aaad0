import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ConsentControls } from "@/components/providers/consent-controls";
import { Logo } from "@/components/shell/logo";
import { TableHead } from "@/components/ui/table-head";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("cookie");

// Public (spec §2): readable signed in or out, so it has its own frame instead of the app shell.
export default async function CookiePolicyPage() {
  const t = await getTranslations("cookie");
  const shell = await getTranslations("shell");
  const rows = [
    ["next-auth.session-token", t("table.session"), t("table.sessionDuration")],
    ["next-auth.csrf-token", t("table.csrf"), t("table.browserSession")],
    ["next-auth.callback-url", t("table.callback"), t("table.browserSession")],
    ["lng", t("table.lng"), t("table.year")],
    ["cookie-consent", t("table.consent"), t("table.year")],
  ];
  return (
    <div className="mx-auto flex min-h-screen max-w-3xl flex-col gap-6 px-4 py-8">
      <header>
        <Link href="/">
          <Logo />
        </Link>
      </header>
      {/* Landmarks as on every page: screen readers jump to the main content. */}
      <main id="main" className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold">{shell("titles.cookie")}</h1>
        <p>{t("policyIntro")}</p>
        <PolicySection id="essential" title={t("essentialTitle")} text={t("essentialText")}>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <TableHead
                rowClassName="border-b border-[var(--border)] text-left"
                columns={[
                  [t("table.name"), "py-2 pr-4"],
                  [t("table.purpose"), "py-2 pr-4"],
                  [t("table.duration"), "py-2"],
                ]}
              />
              <tbody>
                {rows.map(([name, purpose, duration]) => (
                  <tr key={name} className="border-b border-[var(--border)]">
                    <td className="py-2 pr-4 font-mono text-xs">{name}</td>
                    <td className="py-2 pr-4">{purpose}</td>
                    <td className="py-2">{duration}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </PolicySection>
        <PolicySection id="analytics" title={t("analyticsTitle")} text={t("analyticsText")} />
        <PolicySection id="storage" title={t("storageTitle")} text={t("storageText")} />
        <PolicySection id="change" title={t("changeTitle")} text={t("changeText")}>
          <ConsentControls />
        </PolicySection>
      </main>
    </div>
  );
}

/** One part of the policy: its heading (the section's name for screen readers), its text, and what goes with it. */
function PolicySection({ id, title, text, children }: { id: string; title: string; text: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={children ? "space-y-3" : "space-y-2"}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p>{text}</p>
      {children}
    </section>
  );
}
