// Natural-language keys joined to the `messages` namespace (docs/i18n-glossary.md).
const api: Record<string, string> = {};

export default api;
