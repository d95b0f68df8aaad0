import { z } from "zod";

// Pieces of response schemas that every domain's contract uses.

/** A moment, as JSON carries it (a Date in a serializer: JSON.stringify writes its ISO string). */
export const time = z.iso.datetime();

/** Where a paged list is: the page asked for, its size, and how many there are in all. */
export const pagination = z.object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() }).meta({ id: "Pagination" });

/** An answer that only says what happened, in words to show a person. */
export const messageResponse = z.object({ message: z.string() }).meta({ id: "Message" });
