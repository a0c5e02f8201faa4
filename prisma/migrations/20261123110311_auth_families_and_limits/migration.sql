-- Edited by hand: tokens issued before this migration each become a family of their own
-- (familyId = id), so the required column can be added to a table that holds rows.
-- CreateTable
CREATE TABLE "AuthLimitBucket" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "touchedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AuthFailure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "bucket" TEXT NOT NULL,
    "at" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AuthToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "apiKeyId" TEXT,
    "userId" TEXT,
    "familyId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "retiredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuthToken_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AuthToken_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AuthToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AuthToken" ("apiKeyId", "companyId", "createdAt", "expiresAt", "familyId", "hash", "id", "kind", "retiredAt", "userId") SELECT "apiKeyId", "companyId", "createdAt", "expiresAt", "id", "hash", "id", "kind", "retiredAt", "userId" FROM "AuthToken";
DROP TABLE "AuthToken";
ALTER TABLE "new_AuthToken" RENAME TO "AuthToken";
CREATE UNIQUE INDEX "AuthToken_hash_key" ON "AuthToken"("hash");
CREATE INDEX "AuthToken_companyId_idx" ON "AuthToken"("companyId");
CREATE INDEX "AuthToken_familyId_idx" ON "AuthToken"("familyId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "AuthLimitBucket_touchedAt_idx" ON "AuthLimitBucket"("touchedAt");

-- CreateIndex
CREATE INDEX "AuthFailure_bucket_at_idx" ON "AuthFailure"("bucket", "at");

-- CreateIndex
CREATE INDEX "AuthFailure_at_idx" ON "AuthFailure"("at");
