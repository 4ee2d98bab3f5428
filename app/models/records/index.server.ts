// Records: how long personal data is kept, and its removal past the retention period.
// The domain's public face: code outside app/models/records/ imports it only from here
// (tests/unit/layers.test.ts).

export { ERASED_TEXT, eraseExpiredPersonalData } from "./retention.server";
