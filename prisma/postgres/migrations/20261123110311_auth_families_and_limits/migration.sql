-- Edited by hand: tokens issued before this migration each become a family of their own
-- (familyId = id), so the required column can be added to a table that holds rows.
-- AlterTable
ALTER TABLE "AuthToken" ADD COLUMN     "familyId" TEXT;
UPDATE "AuthToken" SET "familyId" = "id";
ALTER TABLE "AuthToken" ALTER COLUMN "familyId" SET NOT NULL;

-- CreateTable
CREATE TABLE "AuthLimitBucket" (
    "id" TEXT NOT NULL,
    "touchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthLimitBucket_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuthFailure" (
    "id" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuthFailure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuthLimitBucket_touchedAt_idx" ON "AuthLimitBucket"("touchedAt");

-- CreateIndex
CREATE INDEX "AuthFailure_bucket_at_idx" ON "AuthFailure"("bucket", "at");

-- CreateIndex
CREATE INDEX "AuthFailure_at_idx" ON "AuthFailure"("at");

-- CreateIndex
CREATE INDEX "AuthToken_familyId_idx" ON "AuthToken"("familyId");
