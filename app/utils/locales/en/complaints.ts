// The `complaints` namespace in English: /complaints (an employee's complaints and disputes),
// /complaint-queue (the employer's queue) and their e-mails.
const complaints = {
  heading: "Complaints and disputes",
  intro:
    "Tell us about a problem with an advance, a payroll deduction, a card purchase or anything else. You get a reference and an e-mail, and you can follow each step here. Your employer acknowledges a complaint within {{acknowledge}} days and resolves it within {{resolve}} days.",
  categories: {
    ADVANCE: "An advance",
    DEDUCTION: "A payroll deduction",
    CARD_PURCHASE: "A card purchase",
    OTHER: "Something else",
  },
  statuses: {
    RECEIVED: "Received",
    IN_REVIEW: "In review",
    RESOLVED: "Resolved",
  },
  form: {
    heading: "File a complaint",
    category: "What is it about?",
    chooseCategory: "Choose one",
    details: "What happened?",
    detailsHint: "Say what went wrong and what you would like us to do.",
    reference: "Reference (optional)",
    referenceHint:
      "The advance, deduction or purchase it concerns, if you have one.",
    submit: "Send complaint",
    sending: "Sending...",
    failed: "We couldn't send your complaint",
  },
  own: {
    heading: "Your complaints",
    caption: "Your complaints, newest first",
    empty: "You haven't filed a complaint.",
  },
  columns: {
    reference: "Reference",
    filed: "Filed",
    category: "About",
    employee: "Employee",
    details: "Details",
    status: "Status",
    steps: "Steps",
    due: "Due",
    actions: "Actions",
  },
  steps: {
    received: "Received {{date}}",
    review: "In review since {{date}}",
    resolved: "Resolved {{date}}",
    acknowledgeBy: "Acknowledge by {{date}}",
    resolveBy: "Resolve by {{date}}",
    resolution: "Resolution",
    reference: "Reference: {{reference}}",
  },
  late: "Late",
  queue: {
    heading: "Complaints",
    intro:
      "Complaints and disputes from your employees. Acknowledge each one within {{acknowledge}} days by starting its review, and resolve it within {{resolve}} days: the employee is e-mailed at each step. Late ones are marked, and owners and admins get a reminder each day.",
    caption: "Complaints, oldest open first",
    filter: "Show",
    all: "All",
    open: "Open",
    empty: "No complaints.",
    review: "Start review",
    reviewFor: "Start the review of {{reference}}",
    resolution: "Resolution",
    resolutionHint:
      "The employee reads this in their e-mail and on their page.",
    resolve: "Resolve",
    resolving: "Resolving...",
    failed: "We couldn't resolve the complaint",
  },
  mail: {
    action: "See your complaints",
    queueAction: "Open the complaints",
    labels: {
      reference: "Reference",
      category: "About",
      acknowledgeBy: "Acknowledged by",
      resolveBy: "Resolved by",
      resolution: "Resolution",
      details: "What you wrote",
    },
    received: {
      subject: "We received your complaint {{reference}}",
      heading: "Complaint received",
      text: "We received the complaint you filed on {{date}}. Keep its reference: it names the complaint whenever you contact us.",
      next: "Your employer will look into it; you'll get an e-mail at each step, and you can follow it on your complaints page.",
    },
    review: {
      subject: "Your complaint {{reference}} is in review",
      heading: "Complaint in review",
      text: "Your employer started the review of your complaint {{reference}} on {{date}}.",
    },
    resolved: {
      subject: "Your complaint {{reference}} is resolved",
      heading: "Complaint resolved",
      text: "Your complaint {{reference}} was resolved on {{date}}. The resolution is below; if it does not settle the matter, you can file a new complaint that names this reference.",
    },
    new: {
      subject: "New complaint {{reference}}",
      heading: "A new complaint",
      text: "An employee filed a complaint on {{date}}. Start its review to acknowledge it.",
    },
    late: {
      subject: "Complaint {{reference}} is late",
      heading: "A complaint is late",
      acknowledge:
        "This complaint was to be acknowledged by {{date}} and is still waiting. Start its review.",
      resolve:
        "This complaint was to be resolved by {{date}} and is still open. Resolve it with the text the employee will read.",
    },
  },
};

export default complaints;
