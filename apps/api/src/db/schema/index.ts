export * from "./users";
export * from "./artifacts";
