-- AlterTable
ALTER TABLE "PushSubscription" ADD COLUMN     "browserSessionId" TEXT;
