import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { GuidePage } from "@/lib/openapi/guide";
import { DocsLinks } from "./docs-links";

/**
 * The API guide's pages (lib/openapi/guide.ts): its sections as a list of links beside (above, on a
 * phone) the current one, rendered from docs/api.md in the app's theme. The Markdown is Cohost's
 * own file, so its HTML is trusted.
 */
export async function ApiGuide({ pages, current }: { pages: Pick<GuidePage, "slug" | "title">[]; current: GuidePage }) {
  const t = await getTranslations("developers");
  return (
    <div className="flex flex-col gap-4">
      <DocsLinks back={t("backToDevelopers")} other={{ href: "/developers/api", label: t("openReference") }} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label={t("guideSections")} className="min-w-0">
          <ul className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:overflow-visible md:pb-0">
            {pages.map((p) => (
              <li key={p.slug} className="shrink-0">
                <Link
                  href={`/developers/guide/${p.slug}`}
                  aria-current={p.slug === current.slug ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm hover:bg-hover-light dark:hover:bg-white/5",
                    p.slug === current.slug && "bg-primary-light font-medium text-primary-dark dark:bg-primary/30 dark:text-[var(--text)]",
                  )}
                >
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Card className="min-w-0">
          <article className="api-guide" lang="en">
            <h2>{current.title}</h2>
            <div dangerouslySetInnerHTML={{ __html: current.html }} />
          </article>
        </Card>
      </div>
    </div>
  );
}
