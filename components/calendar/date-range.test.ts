import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, dayKey, fromLocalInput, monthGrid, shiftAnchor, startOfWeek, switchAnchor, toLocalInput, visibleRange, weekDays } from "./date-range";

// In Berlin, so daylight-saving changes (29 March, 25 October 2026) fall inside the ranges tested.
beforeEach(() => {
  vi.stubEnv("TZ", "Europe/Berlin");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("calendar ranges", () => {
  it("lays a month out as six Monday-first weeks", () => {
    const grid = monthGrid(new Date(2026, 2, 15));
    expect(grid).toHaveLength(6);
    expect(grid.every((w) => w.length === 7 && w[0].getDay() === 1)).toBe(true);
    expect(dayKey(grid[0][0])).toBe("2026-02-23");
    expect(dayKey(grid[5][6])).toBe("2026-04-05");
    // Midnight stays midnight across the change to summer time.
    expect(grid.flat().every((d) => d.getHours() === 0)).toBe(true);
  });

  it("gives each view the span to load", () => {
    const anchor = new Date(2026, 9, 28, 15, 30);
    const month = visibleRange("month", anchor);
    expect([dayKey(month.from), dayKey(month.to)]).toEqual(["2026-09-28", "2026-11-09"]);
    const week = visibleRange("week", anchor);
    expect([dayKey(week.from), dayKey(week.to)]).toEqual(["2026-10-26", "2026-11-02"]);
    expect(weekDays(anchor).map(dayKey)).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    const list = visibleRange("list", anchor);
    expect([dayKey(list.from), dayKey(list.to), list.from.getHours()]).toEqual(["2026-10-28", "2026-11-27", 0]);
  });

  it("pages through months, weeks and list spans", () => {
    expect(dayKey(shiftAnchor("month", new Date(2026, 0, 31), 1))).toBe("2026-02-01");
    expect(dayKey(shiftAnchor("month", new Date(2026, 0, 31), -1))).toBe("2025-12-01");
    expect(dayKey(shiftAnchor("week", new Date(2026, 2, 26, 12), 1))).toBe("2026-04-02");
    expect(dayKey(shiftAnchor("list", new Date(2026, 2, 26), -1))).toBe("2026-02-24");
    expect(dayKey(startOfWeek(new Date(2026, 10, 22)))).toBe("2026-11-16");
    expect(dayKey(addDays(new Date(2026, 11, 31), 1))).toBe("2027-01-01");
  });

  it("keeps the days in view when switching views: a week moved forward lists from its Monday", () => {
    const today = new Date(2026, 10, 25, 9);
    const nextWeek = shiftAnchor("week", today, 1);
    const list = visibleRange("list", switchAnchor("week", nextWeek, today));
    expect([dayKey(list.from), dayKey(list.to)]).toEqual(["2026-11-30", "2026-12-30"]);
    // Every day of the week shown is in the list.
    expect(weekDays(nextWeek).every((d) => d >= list.from && d < list.to)).toBe(true);
    // Back to the week: the same week.
    expect(dayKey(visibleRange("week", switchAnchor("list", list.from, today)).from)).toBe("2026-11-30");
    // This month lists from today, another month from its 1st; a month's week is today's, or its first.
    expect(dayKey(switchAnchor("month", today, today))).toBe("2026-11-25");
    expect(dayKey(switchAnchor("month", shiftAnchor("month", today, 1), today))).toBe("2026-12-01");
    expect(dayKey(visibleRange("week", switchAnchor("month", today, today)).from)).toBe("2026-11-23");
  });

  it("converts between ISO instants and datetime-local values in the browser's zone", () => {
    expect(toLocalInput("2026-12-03T14:00:00.000Z")).toBe("2026-12-03T15:00");
    expect(toLocalInput("2026-07-03T14:00:00.000Z")).toBe("2026-07-03T16:00");
    expect(fromLocalInput("2026-12-03T15:00")).toBe("2026-12-03T14:00:00.000Z");
    expect(fromLocalInput("")).toBeNull();
    expect(toLocalInput(null)).toBe("");
  });
});
