import {
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { readFormData } from "./action.server";

const RESULTS_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A payroll run page's form: its results file (multipart, up to RESULTS_MAX_BYTES) or a plain
 * form.
 */
export async function readRunForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return readFormData(request);
  return unstable_parseMultipartFormData(
    request,
    unstable_createMemoryUploadHandler({ maxPartSize: RESULTS_MAX_BYTES }),
  );
}
