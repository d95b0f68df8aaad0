import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ConsentControls } from "@/components/providers/consent-controls";
import { Logo } from "@/components/shell/logo";
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
        <section aria-labelledby="essential" className="space-y-3">
          <h2 id="essential" className="text-lg font-semibold">
            {t("essentialTitle")}
          </h2>
          <p>{t("essentialText")}</p>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-[var(--border)] text-left">
                  <th scope="col" className="py-2 pr-4">{t("table.name")}</th>
                  <th scope="col" className="py-2 pr-4">{t("table.purpose")}</th>
                  <th scope="col" className="py-2">{t("table.duration")}</th>
                </tr>
              </thead>
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
        </section>
        <section aria-labelledby="analytics" className="space-y-2">
          <h2 id="analytics" className="text-lg font-semibold">
            {t("analyticsTitle")}
          </h2>
          <p>{t("analyticsText")}</p>
        </section>
        <section aria-labelledby="storage" className="space-y-2">
          <h2 id="storage" className="text-lg font-semibold">
            {t("storageTitle")}
          </h2>
          <p>{t("storageText")}</p>
        </section>
        <section aria-labelledby="change" className="space-y-3">
          <h2 id="change" className="text-lg font-semibold">
            {t("changeTitle")}
          </h2>
          <p>{t("changeText")}</p>
          <ConsentControls />
        </section>
      </main>
    </div>
  );
}
