// The `messages` namespace's entries in US Spanish for the notification settings (keyed by the
// English text; spread into it by ./messages).
const pushMessages = {
  "Notification choices saved": "Opciones de notificación guardadas",
  "Your devices get the notifications you chose.":
    "Tus dispositivos reciben las notificaciones que elegiste.",
  "Device removed": "Dispositivo quitado",
  "It gets no more notifications.": "Ya no recibe notificaciones.",
  "Notifications on": "Notificaciones activadas",
  "This device gets your notifications.":
    "Este dispositivo recibe tus notificaciones.",
  "Notifications off": "Notificaciones desactivadas",
  "This device gets no more notifications.":
    "Este dispositivo ya no recibe notificaciones.",
  "This browser gave a push subscription we cannot use.":
    "Este navegador dio una suscripción de notificaciones que no podemos usar.",
  "Device not found": "Dispositivo no encontrado",
};

export default pushMessages;
