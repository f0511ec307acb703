// Your day through both doors, against the real database: GET /api/today, the fresh start's
// preview (changes nothing), apply (one transaction: another user's task is a 404 and nothing
// changes), undo (every field back, repeating tasks and DST included; twice is a 409), Just
// start's pick, the workday on the user, and tasks let go in the lists (?status=let-go|all).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import {
  applyFreshStart,
  getToday,
  nextTask,
  previewFreshStart,
  setDayLine,
  undoFreshStart,
} from "@/server/services/today.service";
import { callerFor, createTaskRow, createUser, restAs } from "@/test/factories";

const db = getDb();
const DAY = 86_400_000;

/** Every field of the user's tasks, to compare before and after. */
async function snapshot(userId: string) {
  return db.task.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

describe("GET /api/today", () => {
  it("lists carried-over and today tasks in the account zone and counts the day in its workday", async () => {
    // Friday 27 Nov 2026, 10:00 in New York (15:00 UTC): workday 09:00-17:00 leaves 7 h.
    const now = new Date("2026-11-27T15:00:00Z");
    const user = await createUser({ timeZone: "America/New_York" });
    const late = await createTaskRow(user.id, {
      title: "Late",
      dueDate: new Date("2026-11-27T04:00:00Z"),
      estimatedMinutes: 30,
    }); // 23:00 the day before, local
    const today = await createTaskRow(user.id, {
      title: "Today",
      dueDate: new Date("2026-11-27T20:00:00Z"),
      estimatedMinutes: 90,
    });
    await createTaskRow(user.id, {
      title: "Today, let go",
      dueDate: new Date("2026-11-27T20:00:00Z"),
      letGoAt: now,
    });
    await createTaskRow(user.id, {
      title: "Done",
      dueDate: new Date("2026-11-27T20:00:00Z"),
      completed: true,
      completedAt: now,
    });
    await createTaskRow(user.id, {
      title: "Tomorrow",
      dueDate: new Date("2026-11-28T15:00:00Z"),
    });
    const other = await createUser();
    await createTaskRow(other.id, {
      title: "Not mine",
      dueDate: new Date("2026-11-27T04:00:00Z"),
    });

    const answer = await getToday(db, user.id, now);
    expect(answer.date).toBe("2026-11-27");
    expect(answer.window).toEqual({
      start: "2026-11-27T14:00:00.000Z",
      end: "2026-11-27T22:00:00.000Z",
    });
    expect(answer.carriedOver.map((task) => task.id)).toEqual([late.id]);
    expect(answer.today.map((task) => task.id)).toEqual([today.id]);
    expect(answer).toMatchObject({
      plannedMinutes: 90,
      busyMinutes: 0,
      freeMinutes: 7 * 60 - 90,
      overMinutes: 0,
      completedToday: 1,
    });

    // The REST door answers the same shape.
    const { status, body } = await restAs(user)("GET", "/today");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      "busyMinutes",
      "carriedOver",
      "completedToday",
      "date",
      "focusedMinutes",
      "freeMinutes",
      "freeUntil",
      "lastLine",
      "line",
      "overMinutes",
      "plannedMinutes",
      "today",
      "window",
    ]);
  });

  it("uses the user’s own actual/estimate factor for planned minutes, and free never goes below 0", async () => {
    const now = new Date("2026-11-27T10:00:00Z"); // Friday 10:00 UTC
    const user = await createUser();
    // Three measured tasks: twice the estimate each.
    for (let index = 0; index < 3; index++) {
      await createTaskRow(user.id, {
        completed: true,
        completedAt: new Date(now.getTime() - DAY),
        estimatedMinutes: 30,
        focusedSeconds: 60 * 60,
      });
    }
    await createTaskRow(user.id, {
      title: "Big",
      dueDate: new Date("2026-11-27T16:00:00Z"),
      estimatedMinutes: 240,
    });
    const answer = await getToday(db, user.id, now);
    expect(answer.plannedMinutes).toBe(480);
    expect(answer.freeMinutes).toBe(0);
    expect(answer.overMinutes).toBe(480 - 7 * 60);
  });
});

describe("PATCH /api/user { workday }", () => {
  it("stores the workday, answers it on the user, and refuses a day that ends before it starts", async () => {
    const user = await createUser();
    const rest = restAs(user);
    const me = await rest("GET", "/auth/me");
    expect(me.body).toMatchObject({
      workday: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
      ritual: { morning: false, evening: false, offered: false },
    });
    const changed = await rest("PATCH", "/user", {
      workday: { start: "07:30", end: "15:00", days: [5, 1, 3] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      workday: { start: "07:30", end: "15:00", days: [1, 3, 5] },
    });
    const bad = await rest("PATCH", "/user", {
      workday: { start: "17:00", end: "09:00", days: [1] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      (
        await rest("PATCH", "/user", {
          workday: { start: "9am", end: "17:00", days: [1] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await rest("PATCH", "/user", {
          workday: { start: "09:00", end: "17:00", days: [] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await rest("PATCH", "/user", {
          workday: { start: "09:00", end: "17:00", days: [8] },
        })
      ).status,
    ).toBe(400);
    const ritual = await rest("PATCH", "/user", { ritual: { evening: true } });
    expect(ritual.body).toMatchObject({
      ritual: { morning: false, evening: true, offered: true },
    });
  });
});

describe("fresh start", () => {
  it("previews a proposal for every carried-over task and changes nothing", async () => {
    const now = new Date("2026-11-27T10:00:00Z");
    const user = await createUser();
    const small = await createTaskRow(user.id, {
      title: "Small",
      importance: "High",
      dueDate: new Date("2026-11-25T09:00:00Z"),
      estimatedMinutes: 20,
    });
    const old = await createTaskRow(user.id, {
      title: "Old and low",
      importance: "Low",
      dueDate: new Date("2026-10-01T09:00:00Z"),
    });
    const stale = await createTaskRow(user.id, {
      title: "Two weeks, low",
      importance: "Low",
      dueDate: new Date("2026-11-10T09:00:00Z"),
    });
    const huge = await createTaskRow(user.id, {
      title: "Huge",
      importance: "Medium",
      dueDate: new Date("2026-11-26T09:00:00Z"),
      estimatedMinutes: 1440,
    });
    const before = await snapshot(user.id);

    const { proposals } = await previewFreshStart(db, user.id, now);
    const byId = new Map(
      proposals.map((proposal) => [proposal.taskId, proposal]),
    );
    expect(proposals).toHaveLength(4);
    expect(byId.get(small.id)).toMatchObject({ action: "today" });
    expect(new Date(byId.get(small.id)!.dueDate!).getTime()).toBeGreaterThan(
      now.getTime(),
    );
    expect(byId.get(old.id)).toEqual({
      taskId: old.id,
      action: "let-go",
      dueDate: old.dueDate!.toISOString(),
    });
    expect(byId.get(stale.id)).toEqual({
      taskId: stale.id,
      action: "someday",
      dueDate: null,
    });
    expect(byId.get(huge.id)).toMatchObject({ action: "someday" });
    expect(await snapshot(user.id)).toEqual(before);
    expect(await db.freshStart.count({ where: { userId: user.id } })).toBe(0);

    const { status, body } = await restAs(user)(
      "POST",
      "/today/fresh-start/preview",
    );
    expect(status).toBe(200);
    expect(body.proposals).toHaveLength(4);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("applies in one transaction: another user’s task is a 404 and nothing changes", async () => {
    const user = await createUser();
    const other = await createUser();
    const mine = await createTaskRow(user.id, {
      dueDate: new Date(Date.now() - 3 * DAY),
    });
    const theirs = await createTaskRow(other.id, {
      dueDate: new Date(Date.now() - 3 * DAY),
    });
    const before = await snapshot(user.id);
    const theirsBefore = await snapshot(other.id);
    const { status, body } = await restAs(user)("POST", "/today/fresh-start", {
      decisions: [
        { taskId: mine.id, action: "someday" },
        { taskId: theirs.id, action: "let-go" },
      ],
    });
    expect(status).toBe(404);
    expect(body).toMatchObject({
      message: "Task not found",
      code: "NOT_FOUND",
    });
    expect(await snapshot(user.id)).toEqual(before);
    expect(await snapshot(other.id)).toEqual(theirsBefore);
    expect(await db.freshStart.count({ where: { userId: user.id } })).toBe(0);

    const bad = await restAs(user)("POST", "/today/fresh-start", {
      decisions: [{ taskId: mine.id, action: "later" }],
    });
    expect(bad.status).toBe(400);
    const twice = await restAs(user)("POST", "/today/fresh-start", {
      decisions: [
        { taskId: mine.id, action: "today" },
        { taskId: mine.id, action: "someday" },
      ],
    });
    expect(twice.status).toBe(400);
  });

  it("undoes every field it changed, a repeating task and a DST change included; a second undo is a 409", async () => {
    // London: the late tasks were due in summer time (BST, UTC+1); the fresh start is in winter time (GMT).
    const now = new Date("2026-11-02T12:00:00Z"); // Monday 12:00 GMT
    const user = await createUser({ timeZone: "Europe/London" });
    const daily = await createTaskRow(user.id, {
      title: "Stretch",
      dueDate: new Date("2026-10-20T08:00:00Z"),
      recurrence: "FREQ=DAILY;COUNT=30",
    }); // 09:00 BST
    const letGo = await createTaskRow(user.id, {
      title: "Old idea",
      importance: "Low",
      dueDate: new Date("2026-09-01T08:00:00Z"),
    });
    const moved = await createTaskRow(user.id, {
      title: "Report",
      importance: "High",
      dueDate: new Date("2026-10-23T15:30:00Z"),
      estimatedMinutes: 60,
    }); // 16:30 BST
    const someday = await createTaskRow(user.id, {
      title: "Maybe",
      dueDate: new Date("2026-10-30T10:00:00Z"),
    });
    const before = await snapshot(user.id);

    const applied = await applyFreshStart(
      db,
      user.id,
      {
        decisions: [
          { taskId: daily.id, action: "today" },
          { taskId: letGo.id, action: "let-go" },
          { taskId: moved.id, action: "tomorrow" },
          { taskId: someday.id, action: "someday" },
        ],
      },
      now,
    );
    expect(applied.changed).toBe(4);
    const after = new Map(
      (await snapshot(user.id)).map((task) => [task.id, task]),
    );
    // The daily task catches up with its series: tomorrow 09:00 GMT (today's 09:00 has passed), 14 occurrences skipped.
    expect(after.get(daily.id)).toMatchObject({
      dueDate: new Date("2026-11-03T09:00:00Z"),
      recurrence: "FREQ=DAILY;COUNT=16",
    });
    expect(after.get(letGo.id)!.letGoAt).toEqual(now);
    expect(after.get(letGo.id)!.dueDate).toEqual(letGo.dueDate);
    // Tomorrow at its own time of day on the London clock: 16:30 GMT.
    expect(after.get(moved.id)!.dueDate).toEqual(
      new Date("2026-11-03T16:30:00Z"),
    );
    expect(after.get(someday.id)!.dueDate).toBeNull();

    // Let go: kept, out of the default lists, listed with ?status=let-go and ?status=all.
    const rest = restAs(user);
    const ids = async (query: string) =>
      ((await rest("GET", `/tasks${query}`)).body as { id: string }[])
        .map((task) => task.id)
        .sort();
    expect(await ids("")).not.toContain(letGo.id);
    expect(await ids("?status=open")).not.toContain(letGo.id);
    expect(await ids("?status=let-go")).toEqual([letGo.id]);
    expect(await ids("?status=all")).toContain(letGo.id);
    const page = await rest("GET", "/tasks?status=let-go&limit=10");
    expect(
      (page.body as { items: { id: string }[] }).items.map((task) => task.id),
    ).toEqual([letGo.id]);

    const undone = await undoFreshStart(db, user.id, applied.id, now);
    expect(undone).toEqual({ restored: 4 });
    const restored = await snapshot(user.id);
    const strip = (tasks: typeof restored) =>
      tasks.map(({ updatedAt: _updatedAt, ...task }) => task);
    expect(strip(restored)).toEqual(strip(before));
    // The London clock reads as it did: 09:00 and 16:30 in summer time.
    expect(restored.find((task) => task.id === daily.id)!.dueDate).toEqual(
      new Date("2026-10-20T08:00:00Z"),
    );

    // A second undo: 409, through the REST door; another user's id: 404.
    const again = await rest("POST", `/today/fresh-start/${applied.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "CONFLICT" });
    const stranger = await createUser();
    expect(
      (await restAs(stranger)("POST", `/today/fresh-start/${applied.id}/undo`))
        .status,
    ).toBe(404);
  });

  it("restores a task let go with PATCH { letGoAt: null }", async () => {
    const user = await createUser();
    const task = await createTaskRow(user.id, { letGoAt: new Date() });
    const rest = restAs(user);
    expect(((await rest("GET", "/tasks")).body as unknown[]).length).toBe(0);
    const patched = await rest("PATCH", `/tasks/${task.id}`, { letGoAt: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: task.id, letGoAt: null });
    expect(
      ((await rest("GET", "/tasks")).body as { id: string }[]).map(
        (row) => row.id,
      ),
    ).toEqual([task.id]);
  });

  it("works on the tRPC door too, and undo through REST answers { restored }", async () => {
    const user = await createUser();
    const task = await createTaskRow(user.id, {
      dueDate: new Date(Date.now() - 2 * DAY),
    });
    const caller = callerFor(user);
    const applied = await caller.today.applyFreshStart({
      decisions: [{ taskId: task.id, action: "someday" }],
    });
    expect(applied.changed).toBe(1);
    const { status, body } = await restAs(user)(
      "POST",
      `/today/fresh-start/${applied.id}/undo`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ restored: 1 });
    expect(
      (await db.task.findUniqueOrThrow({ where: { id: task.id } })).dueDate,
    ).toEqual(task.dueDate);
  });
});

describe("PUT /api/today/line (the evening line)", () => {
  it("keeps one line per day in the account zone, answers it on GET /api/today, shows the last one back the next day, and removes it when empty", async () => {
    // 23:30 on Thursday 26 Nov in New York is Friday 04:30 UTC: the line is about the 26th.
    const evening = new Date("2026-11-27T04:30:00Z");
    const user = await createUser({ timeZone: "America/New_York" });
    expect(
      await setDayLine(
        db,
        user.id,
        { line: "  Slow start, but the invoice went out.  " },
        evening,
      ),
    ).toEqual({
      date: "2026-11-26",
      line: "Slow start, but the invoice went out.",
    });
    expect(
      await setDayLine(db, user.id, { line: "The invoice went out." }, evening),
    ).toEqual({ date: "2026-11-26", line: "The invoice went out." });
    expect(await db.dayLine.count({ where: { userId: user.id } })).toBe(1);
    expect(await getToday(db, user.id, evening)).toMatchObject({
      date: "2026-11-26",
      line: "The invoice went out.",
      lastLine: null,
    });

    // The next morning: today has no line yet, and yesterday's is shown back.
    const morning = new Date("2026-11-27T14:00:00Z");
    expect(await getToday(db, user.id, morning)).toMatchObject({
      date: "2026-11-27",
      line: null,
      lastLine: { date: "2026-11-26", line: "The invoice went out." },
    });
    // Another account sees none of it.
    const other = await createUser({ timeZone: "America/New_York" });
    expect(await getToday(db, other.id, morning)).toMatchObject({
      line: null,
      lastLine: null,
    });

    // An empty line removes it.
    expect(
      await setDayLine(
        db,
        user.id,
        { date: "2026-11-26", line: "   " },
        morning,
      ),
    ).toEqual({ date: "2026-11-26", line: null });
    expect(await db.dayLine.count({ where: { userId: user.id } })).toBe(0);
  });

  it("works through both doors; too long or a day to come is a 400 with the reason, nothing kept", async () => {
    const user = await createUser();
    const rest = restAs(user);
    const today = (await rest("GET", "/today")).body as { date: string };
    const kept = await rest("PUT", "/today/line", { line: "Quiet, good day." });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ date: today.date, line: "Quiet, good day." });
    expect(
      ((await rest("GET", "/today")).body as { line: string | null }).line,
    ).toBe("Quiet, good day.");
    expect(
      await callerFor(user).today.setLine({ line: "Changed over tRPC" }),
    ).toEqual({ date: today.date, line: "Changed over tRPC" });

    const long = await rest("PUT", "/today/line", { line: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      code: "BAD_REQUEST",
      issues: [expect.objectContaining({ path: ["line"] })],
    });
    const future = await rest("PUT", "/today/line", {
      date: "2999-01-01",
      line: "Later",
    });
    expect(future.status).toBe(400);
    expect((future.body as { message: string }).message).toMatch(
      /not a day to come/,
    );
    const badDate = await rest("PUT", "/today/line", {
      date: "27/11/2026",
      line: "Later",
    });
    expect(badDate.status).toBe(400);
    expect(
      await db.dayLine.findMany({
        where: { userId: user.id },
        select: { line: true },
      }),
    ).toEqual([{ line: "Changed over tRPC" }]);
  });
});

describe("GET /api/today/next (Just start)", () => {
  it("picks one open top-level task with its first open subtask, says why, and re-rolls with skip", async () => {
    const now = new Date("2026-11-24T10:00:00Z"); // Tuesday 10:00 UTC
    const user = await createUser();
    const thursday = await createTaskRow(user.id, {
      title: "Invoice",
      dueDate: new Date("2026-11-26T16:00:00Z"),
      estimatedMinutes: 20,
    });
    await createTaskRow(user.id, {
      title: "Done step",
      parentTaskId: thursday.id,
      completed: true,
      completedAt: now,
    });
    const step = await createTaskRow(user.id, {
      title: "Find the hours",
      parentTaskId: thursday.id,
    });
    const undated = await createTaskRow(user.id, { title: "Tidy the desk" });
    await createTaskRow(user.id, {
      title: "Let go",
      dueDate: new Date("2026-11-25T09:00:00Z"),
      letGoAt: now,
    });

    const first = await nextTask(db, user.id, [], now);
    expect(first).toMatchObject({
      task: { id: thursday.id },
      firstStep: "Find the hours",
      firstStepTaskId: step.id,
      minutes: 10,
    });
    expect(first.reason).toBe("due Thursday, about 20 min, fits before 17:00");

    const second = await nextTask(db, user.id, [thursday.id], now);
    expect(second.task?.id).toBe(undated.id);
    expect(second.firstStep).toContain("Tidy the desk");
    expect(second.firstStepTaskId).toBeNull();

    const none = await nextTask(db, user.id, [thursday.id, undated.id], now);
    expect(none).toMatchObject({ task: null, firstStep: null, minutes: 10 });

    const { status, body } = await restAs(user)(
      "GET",
      `/today/next?skip=${thursday.id}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ task: { id: undated.id }, minutes: 10 });
  });
});
