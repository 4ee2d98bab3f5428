// The `request` namespace (docs/i18n-glossary.md).
const request = {};

export default request;
