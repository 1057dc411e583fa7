ALTER TABLE "sheet_imports" DROP CONSTRAINT "sheet_imports_user_id_users_id_fk";
