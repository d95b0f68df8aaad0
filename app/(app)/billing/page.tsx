import { Suspense } from "react";
import { BillingPage } from "@/components/billing/billing-page";
import { testModeAllowed } from "@/lib/billing/mode";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("billing");

export default function Billing() {
  return (
    <Suspense>
      <BillingPage testMode={testModeAllowed()} />
    </Suspense>
  );
}
