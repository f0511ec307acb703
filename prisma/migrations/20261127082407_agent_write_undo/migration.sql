-- AlterTable
ALTER TABLE "AgentWrite" ADD COLUMN     "change" JSONB,
ADD COLUMN     "undoneAt" TIMESTAMP(3);
