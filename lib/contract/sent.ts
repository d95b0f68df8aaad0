import type { z } from "zod";

/**
 * What a serializer may hand to JSON for a response schema: the schema's output, except that a
 * date-time may still be a Date (JSON.stringify writes it as the ISO string the schema describes).
 * A serializer ends `return {…} satisfies Sent<typeof Schema>` (or returns `Sent<typeof Schema>`),
 * so a field added to, dropped from or retyped in one and not the other fails the typecheck; the API
 * tests check the same at run time against the OpenAPI document (test/http.ts).
 */
export type Sent<S> = S extends z.ZodISODateTime
  ? Date | string
  : S extends z.ZodNullable<infer Inner>
    ? Sent<Inner> | null
    : S extends z.ZodOptional<infer Inner>
      ? Sent<Inner> | undefined
      : S extends z.ZodArray<infer Item>
        ? Sent<Item>[]
        : S extends z.ZodObject<infer Shape>
          ? SentObject<Shape>
          : S extends z.ZodUnion<infer Options>
            ? Sent<Options[number]>
            : z.output<S>;

type OptionalKeys<Shape> = { [K in keyof Shape]: Shape[K] extends z.ZodOptional ? K : never }[keyof Shape];

type SentObject<Shape> = Flatten<
  { -readonly [K in Exclude<keyof Shape, OptionalKeys<Shape>>]: Sent<Shape[K]> } & { -readonly [K in OptionalKeys<Shape>]?: Sent<Shape[K]> }
>;

type Flatten<T> = { [K in keyof T]: T[K] };
