import { notFound } from "next/navigation";
import { ApiGuide } from "@/components/developers/api-guide";
import { guidePages } from "@/lib/openapi/guide";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("apiGuide");

/** /developers/guide/<section>: a section of docs/api.md, the API guide, beside the reference. */
export default async function ApiGuidePage({ params }: { params: Promise<{ section: string }> }) {
  const [{ section }, pages] = await Promise.all([params, guidePages()]);
  const page = pages.find((p) => p.slug === section);
  if (!page) notFound();
  return <ApiGuide pages={pages.map(({ slug, title }) => ({ slug, title }))} current={page} />;
}
