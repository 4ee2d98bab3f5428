// The `outbox` namespace in English: /outbox, the e-mails sent to the signed-in user.
const outbox = {
  heading: "E-mails to you",
  close: "Close",
  to: "To {{to}} · {{time}}",
  latest: "Latest e-mails ({{count}})",
  caption: "E-mails sent to you",
  columns: { time: "Time", subject: "Subject", to: "To", status: "Status" },
  empty: "No e-mails yet.",
  status: {
    kept: "In outbox (no mail server)",
    pending: "Sending",
    sent: "Sent",
    failed: "Failed",
  },
  notFound: "E-mail not found",
};

export default outbox;
