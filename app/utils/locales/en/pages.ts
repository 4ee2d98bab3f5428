// The `pages` namespace (docs/i18n-glossary.md).
const pages = {};

export default pages;
