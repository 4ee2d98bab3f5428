// The `outbox` namespace in English: /outbox, the e-mails sent to the signed-in user, and the
// invitations they sent (listed under their inviter: the invitee has no account yet).
const outbox = {
  heading: "E-mails to you and from you",
  intro:
    "The e-mails Grocery Advance sent you, and the invitations you sent to others (their single-use links are not shown).",
  close: "Close",
  to: "To {{to}} · {{time}}",
  latest: "Latest e-mails ({{count}})",
  caption: "E-mails to you and from you",
  columns: { time: "Time", subject: "Subject", to: "To", status: "Status" },
  empty: "No e-mails yet.",
  status: {
    kept: "In outbox (no mail server)",
    pending: "Sending",
    sent: "Sent",
    failed: "Failed",
  },
  withheld: {
    "sent-for-someone-else":
      "This e-mail holds a single-use link for {{to}} alone, so it is not shown here. It was sent; if it did not arrive, send the invitation again.",
    delivered:
      "This e-mail held a single-use link. It was delivered, and the link is not kept.",
  },
  notFound: "E-mail not found",
};

export default outbox;
