// Loaded with --import into a server under test: each worker thread it starts is named on standard
// error as it starts (test/places/seeded-countries.test.ts: a seeded start builds no gazetteer).
process.on("worker", (worker) => {
  process.stderr.write(`worker thread started: ${worker.threadName}\n`);
});
