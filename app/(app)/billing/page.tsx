import { Suspense } from "react";
import { BillingPage } from "@/components/billing/billing-page";

export default function Billing() {
  return (
    <Suspense>
      <BillingPage />
    </Suspense>
  );
}
