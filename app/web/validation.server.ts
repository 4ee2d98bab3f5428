// The zod schemas and Conform's zod parser, for route modules' loaders and actions.
//
// Remix's classic compiler splits the browser build with esbuild, which ships every module a
// route module reaches, even one only its loader or action uses (both are dropped from the
// browser's copy of the route, their imports are not). A route that imported a schema for its
// action shipped zod and Conform with the page. Through this `.server` module the route reaches
// nothing in the browser: forms load their schemas themselves, after hydration.
export { parseWithZod } from "~/validation/form-order";
export * from "~/validation/advance";
export * from "~/validation/auth";
export * from "~/validation/language";
export * from "~/validation/cancel";
export * from "~/validation/card";
export * from "~/validation/checkout";
export * from "~/validation/employer";
export { parseId } from "~/utils/ids";
export * from "~/validation/mfa";
export * from "~/validation/pagination";
export * from "~/validation/password-reset";
export * from "~/validation/payroll";
export * from "~/validation/profile";
export * from "~/validation/sessions";
export * from "~/validation/settings";
export * from "~/validation/company";
export * from "~/validation/api-keys";
export * from "~/validation/complaints";
