-- CreateIndex
CREATE INDEX "Task_userId_completed_completedAt_id_idx" ON "Task"("userId", "completed", "completedAt", "id");
