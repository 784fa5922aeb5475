export * from "./users";
export * from "./artifacts";
export * from "./images";
