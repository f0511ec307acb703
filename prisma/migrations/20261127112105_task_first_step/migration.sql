-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "firstStep" TEXT;
