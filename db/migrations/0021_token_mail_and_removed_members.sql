-- Single-use links are not readable after they are sent (docs/decisions/0097). From now on a
-- delivered mail that carries one (a password reset, an account's "choose your password" link,
-- an invitation) has its body dropped; this does the same for those delivered before. Mail
-- kept without a mail server is left as it is: the outbox row is its recipient's only copy.
UPDATE mail_outbox
  SET html = '<p>Delivered. The link is not kept.</p>', text = 'Delivered. The link is not kept.'
  WHERE status = 'sent'
    AND kind IN ('password.reset', 'account.created', 'invitation.employee', 'invitation.member')
    AND text <> 'Delivered. The link is not kept.';--> statement-breakpoint
-- A member removed from their company takes with them the invitations they sent that are still
-- pending and the API keys they created: the same for members removed before.
UPDATE invitations i SET status = 'REVOKED', revoked_at = now()
  FROM users u
  WHERE u.id = i.invited_by_id AND i.status = 'PENDING'
    AND (u.employer_id IS DISTINCT FROM i.company_id OR u.role <> 'EMPLOYER');--> statement-breakpoint
UPDATE api_keys k SET revoked_at = now()
  FROM users u
  WHERE u.id = k.created_by_id AND k.revoked_at IS NULL
    AND (u.employer_id IS DISTINCT FROM k.employer_id OR u.role <> 'EMPLOYER');
