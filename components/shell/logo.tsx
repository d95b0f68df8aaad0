import { cn } from "@/components/ui/cn";

const SIZES = { small: { box: 24, text: "text-base" }, medium: { box: 32, text: "text-lg" }, large: { box: 44, text: "text-2xl" } };

/** Spec §9 logo: a square with the letter C and the brand word (hideable). */
export function Logo({ size = "medium", hideWord = false }: { size?: keyof typeof SIZES; hideWord?: boolean }) {
  const s = SIZES[size];
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden={hideWord ? undefined : true}
        aria-label={hideWord ? "Cohost" : undefined}
        className={cn("flex items-center justify-center rounded-md bg-primary font-bold text-white", s.text)}
        style={{ width: s.box, height: s.box }}
      >
        C
      </span>
      {!hideWord && <span className={cn("font-semibold", s.text)}>Cohost</span>}
    </span>
  );
}
