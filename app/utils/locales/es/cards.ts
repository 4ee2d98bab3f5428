// The `cards` namespace (docs/i18n-glossary.md).
const cards = {};

export default cards;
