export * from "./parse";
export * from "./years";
export * from "./describe";
export { NAMED_PERIODS, type NamedPeriod } from "./named-periods";
