CREATE TABLE "store_staff" (
	"point_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_staff_point_id_user_id_pk" PRIMARY KEY("point_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "device_allocations" DROP CONSTRAINT "device_allocations_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "store_staff" ADD CONSTRAINT "store_staff_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_staff_user_idx" ON "store_staff" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "device_allocations" ADD CONSTRAINT "device_allocations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The member side (declared here: the users table's schema imports the staff schema for roles).
ALTER TABLE "store_staff" ADD CONSTRAINT "store_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
