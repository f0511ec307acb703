-- CreateTable
CREATE TABLE "TaskCount" (
    "userId" TEXT NOT NULL,
    "open" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TaskCount_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "TaskCount" ADD CONSTRAINT "TaskCount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The counts of the tasks there are now.
INSERT INTO "TaskCount" ("userId", "open", "completed")
SELECT "userId", count(*) FILTER (WHERE NOT "completed"), count(*) FILTER (WHERE "completed")
FROM "Task" GROUP BY "userId";

-- Kept by the database on every write of "Task", whichever code path (Prisma, SQL, cascades) writes.
CREATE FUNCTION "onething_task_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "TaskCount"
    SET "open" = "open" - (NOT OLD."completed")::int, "completed" = "completed" - OLD."completed"::int
    WHERE "userId" = OLD."userId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "TaskCount" ("userId", "open", "completed")
    VALUES (NEW."userId", (NOT NEW."completed")::int, NEW."completed"::int)
    ON CONFLICT ("userId") DO UPDATE
    SET "open" = "TaskCount"."open" + EXCLUDED."open", "completed" = "TaskCount"."completed" + EXCLUDED."completed";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Task_count" AFTER INSERT OR DELETE OR UPDATE OF "completed", "userId" ON "Task"
FOR EACH ROW EXECUTE FUNCTION "onething_task_count"();
