-- AlterTable: existing users keep UTC until they pick their zone.
ALTER TABLE "User" ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "Task" ADD COLUMN "recurrence" TEXT,
ADD COLUMN "previousOccurrenceId" TEXT,
ADD COLUMN "estimatedMinutes" INTEGER,
ADD COLUMN "focusedSeconds" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Task_previousOccurrenceId_key" ON "Task"("previousOccurrenceId");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_previousOccurrenceId_fkey" FOREIGN KEY ("previousOccurrenceId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;
