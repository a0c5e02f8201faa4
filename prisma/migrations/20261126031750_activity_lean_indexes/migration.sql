-- DropIndex
DROP INDEX "ActivityEvent_at_idx";

-- DropIndex
DROP INDEX "ActivityEvent_id_key";
