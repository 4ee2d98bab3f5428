// The `checkout` namespace (docs/i18n-glossary.md).
const checkout = {};

export default checkout;
