import { userRoute } from "@/lib/http/route";
import { providerDefaults } from "@/lib/providers/queries";

export const GET = userRoute(() => providerDefaults());
