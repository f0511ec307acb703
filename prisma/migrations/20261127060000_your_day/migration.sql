-- Your day: the account's workday and optional ritual, tasks let go (kept, hidden, restorable),
-- and each applied fresh start with what it changed (for its undo).

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "ritualEvening" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ritualMorning" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ritualOfferedAt" TIMESTAMP(3),
ADD COLUMN     "workdayDays" INTEGER[] DEFAULT ARRAY[1, 2, 3, 4, 5]::INTEGER[],
ADD COLUMN     "workdayEnd" TEXT NOT NULL DEFAULT '17:00',
ADD COLUMN     "workdayStart" TEXT NOT NULL DEFAULT '09:00';

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "letGoAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "FreshStart" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "FreshStart_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FreshStart_userId_createdAt_idx" ON "FreshStart"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "FreshStart" ADD CONSTRAINT "FreshStart_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
