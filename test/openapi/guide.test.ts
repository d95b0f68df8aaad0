import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appUrl } from "@/lib/config";
import { GUIDE_SECTIONS, guidePages, OPERATOR_SECTIONS, splitSections } from "@/lib/openapi/guide";

// The API guide pages (issue 31): docs/api.md as the app serves it at /developers/guide/<section>.

describe("the API guide", () => {
  const markdown = readFileSync("docs/api.md", "utf8");

  it("decides for every section of docs/api.md whether the guide shows it", () => {
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
    const decided = new Set<string>([...GUIDE_SECTIONS.map((s) => s.heading), ...OPERATOR_SECTIONS]);
    expect(headings.filter((h) => !decided.has(h))).toEqual([]);
    expect(GUIDE_SECTIONS.map((s) => s.heading).filter((h) => !headings.includes(h))).toEqual([]);
  });

  it("renders quickstart to versioning as HTML, with this server in the commands and nothing a hosted user cannot open", async () => {
    const pages = await guidePages();
    expect(pages.map((p) => p.slug)).toEqual(["quickstart", "authentication", "errors", "limits", "webhooks", "events", "versioning"]);
    const quickstart = pages[0].html;
    expect(quickstart).toContain(`export COHOST=${appUrl()}`);
    expect(quickstart).not.toContain("cohost.example.com");
    expect(quickstart).toContain('<pre><code class="language-js">');
    expect(quickstart).toContain("wh.verify(body, req.headers)");
    expect(pages.find((p) => p.slug === "limits")!.html).toMatch(/<table>[\s\S]*<th>What<\/th>/);
    for (const page of pages) {
      // Repository paths and the operator's settings stay in the file.
      expect(page.html, page.slug).not.toMatch(/\b(docs|lib|app|test)\/[\w./-]+|\.ts\b|ALLOW_PRIVATE|RATE_LIMIT_API_KEY|WEBHOOK_CONCURRENCY|bench:/);
      expect(page.html, page.slug).not.toContain("<!--");
    }
  });

  it("leaves out the operators' passages and nothing around them", () => {
    const md = ["## A", "", "one", "<!-- operators -->", "secret", "<!-- /operators -->", "two", "", "## B", "three", ""].join("\n");
    const sections = splitSections(md);
    expect([...sections.keys()]).toEqual(["A", "B"]);
    expect(sections.get("A")).toBe("one\ntwo");
    expect(sections.get("B")).toBe("three");
  });
});
