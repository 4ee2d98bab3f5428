// The `push` namespace in English: the notification settings on /profile and /settings, and
// the texts of the push notifications themselves.
const push = {
  settings: {
    title: "Notifications on your devices",
    intro:
      "Get a notification on this phone or computer when something needs you. Each one also reaches you by e-mail or on a page.",
    needsJavaScript:
      "Turning notifications on for a device needs JavaScript: only a script can reach the browser's push service. The devices and choices below work without it.",
    unsupported: "This browser cannot receive push notifications.",
    blocked:
      "Notifications are blocked for this site in this browser's settings.",
    turnOn: "Turn on for this device",
    turnOff: "Turn off for this device",
    working: "Working…",
    onHere: "Notifications are on for this device.",
    offHere: "Notifications are off for this device.",
    failed: "Notifications could not be changed. Please try again.",
    devices: "Devices",
    devicesCaption: "Devices that get your notifications",
    columns: { device: "Device", added: "Added", actions: "Actions" },
    thisDevice: "This device",
    remove: "Remove",
    removeLabel: "Remove {{device}}",
    noDevices: "No device gets notifications yet.",
    types: "What to send",
    save: "Save notification choices",
    saving: "Saving...",
  },
  types: {
    advanceDecided: "An advance approved or declined",
    cardReady: "Your grocery card is ready",
    purchaseDeclined: "A purchase declined, and why",
    deductionSoon: "A payroll deduction in two days",
    creditComing: "A credit on its way to you",
    requestWaiting: "A new request waiting for approval",
    payrollReady: "A payroll run ready",
    complaintReceived: "A complaint received",
  },
  notices: {
    advanceApproved: {
      title: "Advance approved",
      body: "Your grocery advance of {{amount}} was approved. Confirm it to get your card.",
    },
    advanceDeclined: {
      title: "Advance declined",
      body: "Your request for {{amount}} was declined: {{reason}}",
    },
    cardReady: {
      title: "Your grocery card is ready",
      body: "{{amount}} on card {{card}}, for grocery stores.",
    },
    purchaseDeclined: {
      title: "Purchase declined",
      body: "{{amount}} at {{merchant}}: {{reason}}",
    },
    deductionSoon: {
      title: "Payroll deduction in two days",
      body: "{{amount}} will be deducted from your pay on {{date}}.",
    },
    creditComing: {
      title: "A credit is on its way",
      body: "{{amount}} is owed back to you and comes with your next pay.",
    },
    requestWaiting: {
      title: "New request waiting",
      body: "{{name}} asks for a grocery advance of {{amount}}.",
    },
    payrollReady: {
      title: "Payroll run ready",
      body: "The deductions for {{date}} are ready: {{count}} deductions, {{total}} in all.",
    },
    complaintReceived: {
      title: "Complaint received",
      body: "{{name}} filed a complaint: {{summary}}",
    },
  },
  reasons: {
    notGrocery: "This shop isn't a grocery store.",
    declinedByEmployer: "Declined by employer",
  },
};

export default push;
