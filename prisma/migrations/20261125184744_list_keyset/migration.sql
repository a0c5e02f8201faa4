-- DropIndex
DROP INDEX "Agent_companyId_idx";

-- DropIndex
DROP INDEX "AiModel_companyId_idx";

-- DropIndex
DROP INDEX "KnowledgeBase_companyId_idx";

-- DropIndex
DROP INDEX "Squad_companyId_idx";

-- DropIndex
DROP INDEX "Tool_companyId_idx";

-- CreateIndex
CREATE INDEX "Agent_companyId_createdAt_id_idx" ON "Agent"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AiModel_companyId_createdAt_id_idx" ON "AiModel"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "KnowledgeBase_companyId_createdAt_id_idx" ON "KnowledgeBase"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Squad_companyId_createdAt_id_idx" ON "Squad"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Tool_companyId_createdAt_id_idx" ON "Tool"("companyId", "createdAt", "id");
