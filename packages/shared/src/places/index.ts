export * from "./schemas";
export * from "./precision";
