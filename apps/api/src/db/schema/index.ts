export * from "./users";
export * from "./artifacts";
export * from "./audit";
export * from "./notifications";
export * from "./revisions";
export * from "./images";
export * from "./imports";
