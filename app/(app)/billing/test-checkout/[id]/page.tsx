import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TestCheckout } from "@/components/billing/test-checkout";
import { TestModeBadge } from "@/components/billing/test-mode-badge";
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
      {/* The page heading already says "Test checkout"; the card says what test mode means. */}
      <TestModeBadge />
      <p className="mb-4 mt-3 text-sm text-[var(--text-muted)]">{t("explain")}</p>
      <TestCheckout id={topUp.id} amountUsd={topUp.amountUsd} status={topUp.status} />
    </Card>
  );
}
