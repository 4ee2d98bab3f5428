// The `cards` namespace in US Spanish (/cards/:id, the employee's grocery card; docs/i18n-glossary.md).
const cards = {
  title: "Tarjeta de supermercado",
  backToDashboard: "Volver a Inicio",
  heading: "Tarjeta de supermercado {{last4}}",
  restrictions:
    "{{restrictions}}: funciona en tiendas de comestibles y supermercados, y en las grandes tiendas de nuestra lista: {{superstores}}.",
  deadlineActive:
    "Activa: úsala hasta el <date>. Después se cierra, y lo que quede en ella se resta de tus descuentos de nómina.",
  deadlineFrozen:
    "Congelada: úsala hasta el <date>. Después se cierra, y lo que quede en ella se resta de tus descuentos de nómina.",
  closed:
    "Esta tarjeta está cerrada: todas las compras se rechazan. Sus {{returned}} sin usar se restaron de tus descuentos, así que solo pagas lo que gastaste.",
  owedBack:
    "La nómina ya había cobrado {{amount}} de ese monto: te lo devolvemos, primero descontándolo de lo que debes en otros adelantos y luego con un pago de nómina (tu panel dice cuándo).",
  needsJavaScript:
    "Los datos completos de la tarjeta se muestran en la pantalla segura del proveedor de la tarjeta, que necesita JavaScript.",
  details: {
    label: "Datos de la tarjeta",
    number: "Número de tarjeta",
    expiry: "Vencimiento",
    cvc: "CVC",
    show: "Mostrar datos de la tarjeta",
    copyNumber: "Copiar número",
    copyExpiry: "Copiar vencimiento",
    copyCvc: "Copiar CVC",
    copied: "Copiado",
    showHint:
      "El número completo, el vencimiento y el CVC, para usarla en una tienda; solo se muestran aquí y nunca se guardan.",
    loading: "Cargando...",
    providerHint:
      "El número completo, el vencimiento y el CVC, para usarla en una tienda; los muestra nuestro proveedor de tarjetas y nunca se guardan aquí.",
    providerDown:
      "No se pudieron mostrar los datos de la tarjeta: el proveedor de pagos con tarjeta no está disponible. Vuelve a intentarlo más tarde.",
  },
  stats: {
    limit: "Límite de gasto",
    spent: "Gastado",
    remaining: "Queda en esta tarjeta",
    frozen: "Congelada: las compras se rechazan",
  },
  purchases: {
    title: "Compras ({{number}})",
    caption: "Compras con esta tarjeta, de la más reciente a la más antigua",
    columns: {
      date: "Fecha",
      merchant: "Comercio",
      category: "Categoría",
      amount: "Monto",
      outcome: "Resultado",
    },
    empty: "Todavía no hay compras con esta tarjeta.",
    released: "Liberada",
    approved: "Aprobada",
    refunded: "Reembolso: devuelto a la tarjeta",
    declined: "Rechazada",
    newest: "Se muestran las {{number}} compras más recientes.",
  },
  simulated: {
    approved: "Aprobada: {{amount}} en {{merchant}}.",
    declined: "Rechazada: {{amount}} en {{merchant}}.",
  },
  categories: {
    grocery_stores_supermarkets: "Supermercado",
    eating_places_restaurants: "Restaurante",
    fast_food_restaurants: "Restaurante de comida rápida",
    drinking_places: "Bar o taberna",
    package_stores_beer_wine_and_liquor: "Licorería",
    miscellaneous_food_stores: "Tienda de conveniencia o gourmet",
    service_stations: "Gasolinera",
    wholesale_clubs: "Club de precios al por mayor (5300)",
    discount_stores: "Tienda de descuento (5310)",
    department_stores: "Tienda por departamentos (5311)",
  },
  freeze: {
    frozen: "Esta tarjeta está congelada: todas las compras se rechazan.",
    active:
      "¿No sabes dónde está tu tarjeta? Congélala y todas las compras se rechazarán hasta que la descongeles.",
    unfreeze: "Descongelar tarjeta",
    freeze: "Congelar tarjeta",
  },
  simulate: {
    title: "Simular una compra",
    badge: "Herramienta de prueba",
    intro:
      "Los pagos funcionan en modo de prueba, así que ninguna tienda puede cobrar esta tarjeta. Envíale una compra de mentira, como lo haría la terminal de una tienda, para ver qué permite la tarjeta. No se mueve dinero real.",
    amount: "Monto",
    merchantName: "Nombre del comercio",
    merchantCategory: "Categoría del comercio",
    failed: "No se pudo simular la compra",
    simulating: "Simulando...",
    submit: "Simular compra",
  },
  close: {
    title: "Cerrar esta tarjeta",
    intro:
      "¿Terminaste de comprar? Cierra la tarjeta: deja de funcionar para siempre, y sus {{remaining}} restantes se restan de tus próximos descuentos, así que solo pagas lo que gastaste.",
    confirm: "Quiero cerrar esta tarjeta para siempre.",
    failed: "La tarjeta no se cerró",
    closing: "Cerrando...",
    submit: "Cerrar tarjeta",
  },
  refund: {
    title: "Simular un reembolso de un comercio",
    intro:
      "Una tienda devuelve dinero a la tarjeta, como cuando devuelves un artículo. El saldo restante de la tarjeta sube con el reembolso.",
    amount: "Reembolso",
    merchantName: "Tienda que reembolsa",
    refunding: "Reembolsando...",
    submit: "Enviar reembolso",
    failed: "No se hizo el reembolso",
  },
};

export default cards;
