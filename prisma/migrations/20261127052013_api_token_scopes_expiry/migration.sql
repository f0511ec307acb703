-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['read', 'write']::TEXT[];

-- AlterTable
ALTER TABLE "PushSubscription" ADD COLUMN     "apiTokenId" TEXT;

-- CreateIndex
CREATE INDEX "PushSubscription_apiTokenId_idx" ON "PushSubscription"("apiTokenId");

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_apiTokenId_fkey" FOREIGN KEY ("apiTokenId") REFERENCES "ApiToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;
