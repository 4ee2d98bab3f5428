// The `regulator` namespace in US Spanish: /reports/regulator.
const regulator = {
  heading: "Informe para los reguladores",
  intro:
    "Las cifras que piden las leyes estatales sobre el acceso al salario ganado, para el período que elijas: adelantos (tarjetas con fondos), usuarios únicos, montos, cargos cobrados y exonerados, quejas, usuarios frecuentes y pérdidas.",
  link: "Informe para los reguladores",
  form: {
    from: "Desde",
    to: "Hasta (sin incluir)",
    state: "Estado (opcional)",
    stateHint: "Un código de dos letras, como NV.",
    submit: "Mostrar",
    csv: "Descargar CSV",
  },
  period: "Desde el {{from}} hasta el {{to}}",
  stateApplied:
    "Solo {{state}}: los adelantos y sus pérdidas cuentan en el estado en que se solicitó cada adelanto, las quejas en el estado de trabajo del empleado que las presentó.",
  caption: "Cifras del período",
  figure: "Cifra",
  value: "Valor",
  figures: {
    advances: "Adelantos (tarjetas con fondos)",
    uniqueUsers: "Usuarios únicos",
    amount: "Monto adelantado",
    feesCharged_one: "Cargos cobrados ({{count}} adelanto)",
    feesCharged_many: "Cargos cobrados ({{count}} de adelantos)",
    feesCharged_other: "Cargos cobrados ({{count}} adelantos)",
    feesWaived_one:
      "Cargos exonerados: los paga la empresa ({{count}} adelanto)",
    feesWaived_many:
      "Cargos exonerados: los paga la empresa ({{count}} de adelantos)",
    feesWaived_other:
      "Cargos exonerados: los paga la empresa ({{count}} adelantos)",
    averageFee: "Cargo promedio por adelanto",
    frequentUsers: "Usuarios con {{count}} o más adelantos",
    writeOffs: "Pérdidas ({{count}})",
  },
  complaints: {
    caption: "Quejas por tema",
    category: "Tema",
    received: "Recibidas",
    resolved: "Resueltas",
  },
};

export default regulator;
