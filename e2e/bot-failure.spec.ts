import { request as playwrightRequest } from "@playwright/test";
import { test, expect, createAgentViaApi, createUser, signInAs, topUp } from "./fixtures";
import { E2E } from "./support/ports";

// A bot that cannot get in keeps what it saw: the worker's bot opens a well-formed test-room link
// whose room does not exist, the room adapter fails with not_found, and the meeting's page explains
// it with links to the screenshot and the page's HTML, which only the meeting's owner can open.

test("a failed join is explained on the meeting's page, with what the bot saw for its owner only", async ({ signedIn: page }) => {
  await topUp(page.request, 5);
  const agent = await createAgentViaApi(page.request, { name: "Cohost" });
  const res = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: `${E2E.appUrl}/rooms/AAAAAAAAAAAAAAAAAAAAAA`, title: "Gone room" } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await page.goto(`/meetings/${id}/details`);
  await expect(page.getByText("The link does not lead to a meeting. Check the link.").first()).toBeVisible({ timeout: 60_000 });
  const screenshot = (await page.getByRole("link", { name: "Screenshot" }).getAttribute("href"))!;
  const html = (await page.getByRole("link", { name: "Page HTML" }).getAttribute("href"))!;
  expect(screenshot).toMatch(new RegExp(`^/api/meetings/${id}/artifacts/[0-9TZ-]+\\.png$`));

  const png = await page.request.get(screenshot);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  const page_ = await page.request.get(html);
  expect(page_.headers()["content-security-policy"]).toContain("sandbox");
  expect(await page_.text()).toContain("This room does not exist");

  const stranger = await createUser();
  const strangerRequest = await playwrightRequest.newContext({ baseURL: E2E.appUrl });
  try {
    await signInAs(strangerRequest, stranger);
    expect((await strangerRequest.get(screenshot)).status()).toBe(404);
  } finally {
    await strangerRequest.dispose();
  }
});
