// Loaded with --import into a server under test: SIGUSR2 makes its event loop hang for good, as a
// runaway synchronous loop would (test/faults/supervisor.test.ts, test/faults/watchdog.test.ts).
process.on("SIGUSR2", () => {
  for (;;);
});
