import { z } from "zod";
import type { Sent } from "../../contract/sent.ts";
import { providerConfig } from "./providers.ts";
import { pushBase } from "./push-channel.ts";

export const connectOptionsResponse = z
  .object({
    google: z.boolean().meta({ description: "The operator set up Google calendars (an OAuth client)" }),
    microsoft: z.boolean().meta({ description: "The operator set up Microsoft calendars (an app registration)" }),
    push: z.boolean().meta({ description: "Changes arrive by push notification; false: Cohost is not reachable from the internet and connected calendars are polled" }),
    pollMinutes: z.int(),
  })
  .meta({ id: "CalendarConnectOptions" });

/** GET /api/calendars/connect: which providers can be connected here, and whether changes are pushed. */
export function connectOptions(): Sent<typeof connectOptionsResponse> {
  const minutes = Number(process.env.CALENDAR_SYNC_MINUTES);
  return { google: providerConfig("google") !== null, microsoft: providerConfig("microsoft") !== null, push: pushBase() !== null, pollMinutes: minutes > 0 ? minutes : 15 };
}
