CREATE TABLE "card_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_category" text NOT NULL,
	"approved" boolean NOT NULL,
	"reason" text,
	"status" text DEFAULT 'closed' NOT NULL,
	"provider_authorization_id" text,
	"provider_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_authorizations_amount_check" CHECK ("card_authorizations"."amount" >= 0),
	CONSTRAINT "card_authorizations_status_check" CHECK ("card_authorizations"."status" in ('pending', 'closed', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_virtual_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."virtual_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_authorizations_card_idx" ON "card_authorizations" USING btree ("card_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_provider_id_idx" ON "card_authorizations" USING btree ("provider_authorization_id");