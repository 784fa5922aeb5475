import { TRPCError } from "@trpc/server";
import { ServiceError } from "../services/errors";

/** Runs a service call and turns its ServiceError into the tRPC error with the same code. */
export async function callService<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ServiceError) {
      throw new TRPCError({ code: error.code, message: error.message, cause: error });
    }
    throw error;
  }
}
