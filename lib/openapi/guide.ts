import { readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";
import { appUrl } from "../config.ts";

// The API guide served as pages of the app (/developers/guide/<section>, issue 31), rendered from
// the same Markdown developers read in the repository: docs/api.md. Each "## " section the guide
// shows has a page; the others (how the server performs, how the document is built) are for the
// people who run and change Cohost, and so are passages between `<!-- operators -->` and
// `<!-- /operators -->` (environment variables, source paths, internals).

/** The sections shown, in order: the Markdown heading and the page's path segment. */
export const GUIDE_SECTIONS = [
  { slug: "quickstart", heading: "Quickstart" },
  { slug: "authentication", heading: "Authentication" },
  { slug: "errors", heading: "Errors" },
  { slug: "limits", heading: "Limits" },
  { slug: "webhooks", heading: "Webhooks" },
  { slug: "events", heading: "Live event stream" },
  { slug: "versioning", heading: "Versioning" },
] as const;
/** docs/api.md's sections that are not for the people who use the API. */
export const OPERATOR_SECTIONS = ["Performance", "OpenAPI document"];

export type GuideSlug = (typeof GUIDE_SECTIONS)[number]["slug"];
export interface GuidePage {
  slug: GuideSlug;
  title: string;
  html: string;
}

const SOURCE = path.join(process.cwd(), "docs", "api.md");
// The quickstart's placeholder server; pasted literally, the commands should reach this one.
const PLACEHOLDER_ORIGIN = "https://cohost.example.com";

/** docs/api.md's "## " sections by heading, without the operators' passages. */
export function splitSections(markdown: string): Map<string, string> {
  const text = markdown.replace(/<!-- operators -->[\s\S]*?<!-- \/operators -->\n?/g, "");
  const sections = new Map<string, string>();
  // Headings inside code blocks ("# Create an agent") are single-# comments, never "## ".
  for (const part of text.split(/^## /m).slice(1)) {
    const newline = part.indexOf("\n");
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1).trim());
  }
  return sections;
}

const marked = new Marked({ gfm: true, async: false });

/** A section's Markdown as HTML, with the quickstart's placeholder server replaced by this one. */
export function renderSection(markdown: string, origin: string): string {
  return marked.parse(markdown.replaceAll(PLACEHOLDER_ORIGIN, origin), { async: false });
}

let cached: Promise<GuidePage[]> | null = null;

/** Every page of the guide (read once per process: the file is part of the release). */
export function guidePages(): Promise<GuidePage[]> {
  cached ??= readFile(SOURCE, "utf8").then((markdown) => {
    const sections = splitSections(markdown);
    return GUIDE_SECTIONS.map(({ slug, heading }) => {
      const body = sections.get(heading);
      if (body === undefined) throw new Error(`docs/api.md has no "## ${heading}" section`);
      return { slug, title: heading, html: renderSection(body, appUrl()) };
    });
  });
  return cached;
}
