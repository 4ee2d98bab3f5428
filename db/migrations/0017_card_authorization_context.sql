-- What a card purchase is decided on, in one round trip (authorizeCardPurchase,
-- decision 0082): the card's row is locked first (by our id, or by the provider's card id),
-- then, in a statement of its own that therefore sees everything committed before the lock was
-- granted (a VOLATILE function takes a fresh snapshot per statement under READ COMMITTED),
-- the card's rule inputs, its spend by its authorizations and by the ledger, its subject, and
-- the decision already taken on a repeated provider authorization id. No rule is decided here:
-- the rules stay in declineReason. No row when the card does not exist.
CREATE FUNCTION "card_authorization_context"(
  "p_card_id" integer,
  "p_provider_card_id" text,
  "p_provider_authorization_id" text
) RETURNS TABLE (
  "card_id" integer,
  "status" text,
  "amount" text,
  "expiry_month" integer,
  "expiry_year" integer,
  "request_id" integer,
  "employee_id" integer,
  "company_id" integer,
  "user_id" integer,
  "spent" text,
  "ledger" text,
  "seen_id" integer,
  "seen_approved" boolean,
  "seen_reason" text
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_card integer;
BEGIN
  IF p_card_id IS NOT NULL THEN
    SELECT c.id INTO v_card FROM virtual_cards c WHERE c.id = p_card_id FOR UPDATE;
  ELSE
    SELECT c.id INTO v_card FROM virtual_cards c WHERE c.provider_card_id = p_provider_card_id FOR UPDATE;
  END IF;
  IF v_card IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  SELECT c.id, c.status, c.amount::text, c.expiry_month, c.expiry_year, r.id, e.id, e.employer_id, e.user_id,
    coalesce((SELECT sum(CASE WHEN a.kind = 'refund' THEN -a.amount ELSE a.amount END)
      FROM card_authorizations a
      WHERE a.card_id = c.id AND a.approved AND a.status <> 'reversed'), 0)::numeric(12,2)::text,
    coalesce((SELECT sum(p.amount) FROM ledger_postings p
      WHERE p.card_id = c.id AND p.account = 'merchants'), 0)::numeric(12,2)::text,
    s.id, s.approved, s.reason
  FROM virtual_cards c
  JOIN advance_requests r ON r.id = c.request_id
  JOIN employees e ON e.id = r.employee_id
  LEFT JOIN card_authorizations s ON p_provider_authorization_id IS NOT NULL
    AND s.provider_authorization_id = p_provider_authorization_id
  WHERE c.id = v_card;
END
$$;
