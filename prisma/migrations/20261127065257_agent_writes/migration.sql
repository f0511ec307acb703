-- CreateTable
CREATE TABLE "AgentWrite" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenId" TEXT,
    "tokenName" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "targetId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentWrite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AgentWrite_userId_createdAt_idx" ON "AgentWrite"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentWrite_tokenId_createdAt_idx" ON "AgentWrite"("tokenId", "createdAt");

-- AddForeignKey
ALTER TABLE "AgentWrite" ADD CONSTRAINT "AgentWrite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentWrite" ADD CONSTRAINT "AgentWrite_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "ApiToken"("id") ON DELETE SET NULL ON UPDATE CASCADE;
