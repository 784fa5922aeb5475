// parse-prometheus-text-format ships no types; what the tests use of it (prom2json's shape).
declare module "parse-prometheus-text-format" {
  export interface Sample {
    labels?: Record<string, string>;
    /** A counter's or gauge's value. */
    value?: string;
    /** A histogram's buckets by upper bound, its count and sum. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface Family {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): Family[];
}
