import { connectOptions } from "@/lib/calendar/connect/connect-options";
import { userRoute } from "@/lib/http/route";

// Which calendar providers this Cohost can connect, and whether their changes are pushed or polled.
export const GET = userRoute(() => connectOptions());
