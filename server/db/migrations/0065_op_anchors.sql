CREATE TABLE "op_anchors" (
	"chain" integer PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL
);
