-- AlterEnum
ALTER TYPE "AuthTokenKind" ADD VALUE 'change_email';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pendingEmail" TEXT,
ADD COLUMN     "pendingEmailExpiresAt" TIMESTAMP(3);
