export * from "./schemas";
export * from "./precision";
export * from "./columns";
export * from "./map";
