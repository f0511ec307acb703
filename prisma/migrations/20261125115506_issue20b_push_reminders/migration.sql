-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pushRemindersEnabled" BOOLEAN NOT NULL DEFAULT false;
