-- CreateTable
CREATE TABLE "ResourceVersion" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "companyId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "responsible" TEXT NOT NULL,
    "responsibleId" TEXT NOT NULL,
    "date" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "ResourceVersion_companyId_kind_resourceId_version_key" ON "ResourceVersion"("companyId", "kind", "resourceId", "version");
