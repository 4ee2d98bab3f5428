// Every test file: a known session secret and no demo seeding, before any app module reads env.
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";
process.env.NODE_ENV = "test";
