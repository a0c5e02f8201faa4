-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdById" TEXT,
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "lastUsedFrom" TEXT,
ADD COLUMN     "role" TEXT NOT NULL DEFAULT 'admin',
ADD COLUMN     "sectors" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "activityRetentionDays" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "lastSignInAt" TIMESTAMP(3),
ADD COLUMN     "role" TEXT NOT NULL DEFAULT 'owner',
ADD COLUMN     "sectors" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "sectors" JSONB NOT NULL DEFAULT '[]',
    "userId" TEXT,
    "hash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityEvent" (
    "seq" SERIAL NOT NULL,
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorKind" TEXT NOT NULL,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "kind" TEXT,
    "resourceId" TEXT,
    "resourceName" TEXT,
    "version" INTEGER,
    "sectors" JSONB,
    "address" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "ActivityEvent_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_hash_key" ON "Invitation"("hash");

-- CreateIndex
CREATE INDEX "Invitation_companyId_kind_idx" ON "Invitation"("companyId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "ActivityEvent_id_key" ON "ActivityEvent"("id");

-- CreateIndex
CREATE INDEX "ActivityEvent_companyId_seq_idx" ON "ActivityEvent"("companyId", "seq");

-- CreateIndex
CREATE INDEX "ActivityEvent_companyId_at_idx" ON "ActivityEvent"("companyId", "at");

-- CreateIndex
CREATE INDEX "ActivityEvent_at_idx" ON "ActivityEvent"("at");

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
