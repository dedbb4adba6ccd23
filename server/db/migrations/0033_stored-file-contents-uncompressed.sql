-- Sealed bytes do not compress: kept out of line (TOAST) without trying (docs/decisions/107).
ALTER TABLE "stored_file_contents" ALTER COLUMN "sealed" SET STORAGE EXTERNAL;
