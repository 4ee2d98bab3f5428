// npm run db:migrate — applies db/migrations to DATABASE_URL (or the PGlite data folder).
import { closeConnection, connection, migrate } from "../app/utils/db.server";

await migrate(connection());
console.log("Migrations applied.");
await closeConnection();
