-- Edited by hand: tokens issued before this migration each become a family of their own
-- (familyId = id), so the required column can be added to a table that holds rows.
-- AlterTable
ALTER TABLE "AuthToken" ADD COLUMN     "familyId" TEXT;
UPDATE "AuthToken" SET "familyId" = "id";
ALTER TABLE "AuthToken" ALTER COLUMN "familyId" SET NOT NULL;

-- CreateTable
CREATE TABLE "AuthFailure" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthFailure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuthFailure_scope_key_at_idx" ON "AuthFailure"("scope", "key", "at");

-- CreateIndex
CREATE INDEX "AuthFailure_at_idx" ON "AuthFailure"("at");

-- CreateIndex
CREATE INDEX "AuthToken_familyId_idx" ON "AuthToken"("familyId");
