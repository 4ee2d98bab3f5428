-- generated, then edited: when an advance request's grocery card was issued, kept on the request
-- (docs/decisions/0157-the-request-knows-it-has-its-card.md). The cards domain sets it in the
-- transaction that stores the card, under the request's row lock; the advances read it instead
-- of looking for a card. Every request that has a card gets its card's creation time.
ALTER TABLE "advance_requests" ADD COLUMN "card_issued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "advance_requests" r SET "card_issued_at" = c."created_at"
FROM "virtual_cards" c WHERE c."request_id" = r."id";
