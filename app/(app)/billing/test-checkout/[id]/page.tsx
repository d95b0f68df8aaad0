import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TestCheckout } from "@/components/billing/test-checkout";
import { Card } from "@/components/ui/card";
import { serverUserId } from "@/lib/auth/server-user";
import { getTestTopUp } from "@/lib/billing/topups";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("testCheckout");

export const dynamic = "force-dynamic";

export default async function TestCheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const userId = await serverUserId();
  if (!userId) redirect("/signin");
  const topUp = await getTestTopUp(userId, (await params).id);
  if (!topUp) notFound();
  const t = await getTranslations("billing.checkout");
  return (
    <Card className="mx-auto w-full max-w-md">
      <span className="inline-block rounded bg-warning-bg px-2 py-1 text-xs font-bold tracking-wide text-[#5c4400]">{t("badge")}</span>
      <h2 className="mt-3 text-xl font-semibold">{t("title")}</h2>
      <p className="mb-4 mt-2 text-sm text-[var(--text-muted)]">{t("explain")}</p>
      <TestCheckout id={topUp.id} amountUsd={topUp.amountUsd} status={topUp.status} />
    </Card>
  );
}
