// The `messages` namespace's entries in English for the notification settings (keyed by the
// English text; spread into it by ./messages).
const pushMessages = {
  "Notification choices saved": "Notification choices saved",
  "Your devices get the notifications you chose.":
    "Your devices get the notifications you chose.",
  "Device removed": "Device removed",
  "It gets no more notifications.": "It gets no more notifications.",
  "Notifications on": "Notifications on",
  "This device gets your notifications.":
    "This device gets your notifications.",
  "Notifications off": "Notifications off",
  "This device gets no more notifications.":
    "This device gets no more notifications.",
  "This browser gave a push subscription we cannot use.":
    "This browser gave a push subscription we cannot use.",
  "Device not found": "Device not found",
};

export default pushMessages;
