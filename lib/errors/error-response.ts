import { z } from "zod";

/** How every error is answered: AppError.toJSON() (app-error.ts), described for the OpenAPI document. */
export const errorResponse = z
  .object({
    error: z.string().meta({ description: "A stable code: validation_error, unauthorized, forbidden, not_found, conflict, payment_required, rate_limited, …" }),
    message: z.string().meta({ description: "What went wrong, in words to show a person" }),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: "Each invalid field (validation_error)" }),
  })
  .meta({ id: "Error" });
