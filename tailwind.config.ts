import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

/**
 * The responsive data table (app/components/ui/table.tsx): when the space the table really has
 * (its wrapper is a size container) is below its width for that many columns, every row becomes
 * a card of "label  value" lines. One definition, written out for each column count.
 */
const STACK_BELOW: Record<number, string> = {
  4: "32rem",
  5: "40rem",
  6: "48rem",
  7: "52rem",
};
const LABELLED_COLUMNS = 8;

const dataTables = plugin(({ addBase, theme }) => {
  for (let n = 1; n <= LABELLED_COLUMNS; n++)
    addBase({
      [`.data-table td:nth-child(${n})`]: { "--label": `var(--th-${n})` },
    });
  for (const [cols, width] of Object.entries(STACK_BELOW)) {
    const t = `.data-table[data-cols="${cols}"]`;
    addBase({
      [`@container (max-width: ${width})`]: {
        [`${t} table, ${t} tbody, ${t} tr, ${t} td`]: { display: "block" },
        [`${t} thead`]: {
          position: "absolute",
          width: "1px",
          height: "1px",
          overflow: "hidden",
          clip: "rect(0 0 0 0)",
          whiteSpace: "nowrap",
        },
        [`${t} tr`]: {
          border: `1px solid ${theme("colors.gray.200")}`,
          borderRadius: "0.5rem",
          padding: "0.25rem 0.75rem",
        },
        [`${t} tr + tr`]: { marginTop: "0.75rem" },
        [`${t} td`]: {
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          justifyContent: "space-between",
          columnGap: "1rem",
          rowGap: "0.25rem",
          padding: "0.5rem 0",
          whiteSpace: "normal",
          textAlign: "right",
          maxWidth: "none",
        },
        [`${t} td + td`]: {
          borderTop: `1px solid ${theme("colors.gray.100")}`,
        },
        [`${t} td::before`]: {
          content: "var(--label)",
          textAlign: "left",
          fontSize: "0.75rem",
          fontWeight: "600",
          textTransform: "uppercase",
          letterSpacing: "0.025em",
          color: theme("colors.gray.600"),
        },
        [`${t} tr[data-empty] td`]: { display: "block", textAlign: "center" },
        [`${t} tr[data-empty] td::before`]: { content: "none" },
        // A card leaves out the lines that have nothing to say ("—").
        [`${t} td[data-blank]`]: { display: "none" },
      },
    });
  }
});

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#ecfdf5",
          100: "#d1fae5",
          500: "#10b981",
          600: "#059669",
          700: "#047857",
          800: "#065f46",
        },
      },
    },
  },
  plugins: [dataTables],
} satisfies Config;
