// The reviewed list of superstores where the grocery card may buy at categories 5300/5310/5311:
// data only, read through superstores.server.ts, which checks its shape. A
// deployment replaces it with a JSON file of the same shape (SUPERSTORES_FILE).

const superstores = {
  reviewed: "2026-11-28",
  source:
    "Merchant category codes 5300 (wholesale clubs), 5310 (discount stores) and 5311 (department stores) as in the card networks' merchant category code lists (Visa Merchant Data Standards Manual; Stripe's merchant category list names them wholesale_clubs, discount_stores and department_stores). Merchant names as the chains' stores appear on US card statements. Chosen because these chains sell a full grocery range and carry a large share of US grocery spending; a deployment may replace this list (SUPERSTORES_FILE).",
  merchants: [
    {
      name: "Walmart Supercenter",
      names: ["WALMART", "WAL MART", "WM SUPERCENTER"],
      merchantIds: [],
      categories: ["5310", "5311"],
      source:
        'Walmart Inc.: stores appear as "WALMART", "WAL-MART" or "WM SUPERCENTER" followed by the store number.',
    },
    {
      name: "Costco Wholesale",
      names: ["COSTCO"],
      merchantIds: [],
      categories: ["5300"],
      source:
        'Costco Wholesale Corporation: warehouses appear as "COSTCO WHSE" followed by the warehouse number.',
    },
    {
      name: "Sam's Club",
      names: ["SAMS CLUB", "SAMSCLUB"],
      merchantIds: [],
      categories: ["5300"],
      source:
        'Walmart Inc. (Sam\'s Club): clubs appear as "SAMS CLUB" or "SAMSCLUB" followed by the club number.',
    },
    {
      name: "BJ's Wholesale Club",
      names: ["BJS WHOLESALE", "BJ S WHOLESALE"],
      merchantIds: [],
      categories: ["5300"],
      source:
        'BJ\'s Wholesale Club Holdings: clubs appear as "BJS WHOLESALE" followed by the club number.',
    },
    {
      name: "Target",
      names: ["TARGET"],
      merchantIds: [],
      categories: ["5310", "5311"],
      source:
        'Target Corporation: stores appear as "TARGET" followed by the store number.',
    },
    {
      name: "Meijer",
      names: ["MEIJER"],
      merchantIds: [],
      categories: ["5310", "5311"],
      source:
        'Meijer Inc.: supercenters appear as "MEIJER" followed by the store number.',
    },
  ],
};

export default superstores;
