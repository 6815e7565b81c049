CREATE TABLE "sandbox_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"customer_name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
