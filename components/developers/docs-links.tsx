import Link from "next/link";

const LINK = "text-primary hover:underline dark:text-[var(--text)]";

/** Above the API guide and the reference: back to Developers, and the way to the other one. */
export function DocsLinks({ back, other }: { back: string; other: { href: string; label: string } }) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <Link href="/developers" className={LINK}>
        ← {back}
      </Link>
      <Link href={other.href} className={LINK}>
        {other.label}
      </Link>
    </div>
  );
}
