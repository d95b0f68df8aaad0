import Link from "next/link";
import { Card } from "./card";

/**
 * "Not found" with the way home: inside the app shell under the page's own title (a level-2
 * heading), or alone on its page (level 1).
 */
export function NotFoundCard({ title, text, homeLabel, level }: { title: string; text: string; homeLabel: string; level: 1 | 2 }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <Card className={level === 1 ? "mx-auto w-full max-w-lg" : "max-w-xl"}>
      <Heading className={level === 1 ? "text-xl font-semibold" : "text-lg font-semibold"}>{title}</Heading>
      <p className="mt-2 text-sm text-[var(--text-muted)]">{text}</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-primary hover:underline dark:text-primary-light">
        {homeLabel}
      </Link>
    </Card>
  );
}
