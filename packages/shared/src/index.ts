export * from "./constants";
export * from "./messages";
export * from "./types";
export * from "./schemas/fields";
export * from "./schemas/auth";
export * from "./schemas/artifact";
export * from "./google";
export * from "./schemas/rest";
