import { listCurrentRates } from "@/lib/billing/pricing";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(() => listCurrentRates());
