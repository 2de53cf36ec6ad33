import Actuate

/// Times `count` awaited increments of a counter store (a fresh one unless given), `send` doing each one
/// and waiting for it, then checks the store counted them all.
func timeCounterSends(
  _ count: Int, in store: Store<Counter> = Store(initialState: Counter.State(), interactor: Counter()),
  _ send: (Store<Counter>) async -> Void
) async throws -> Duration {
  let start = ContinuousClock.now
  for _ in 0..<count { await send(store) }
  let elapsed = ContinuousClock.now - start
  let final = await store.state.count
  try check(final == count, "the store counted \(final) of \(count)")
  return elapsed
}

/// Times a burst of `count` numbered sends nobody awaits, then a wait for the last one.
func timeBurst(_ count: Int, _ send: (Int) -> ActionTask) async -> Duration {
  let start = ContinuousClock.now
  for number in 0..<count - 1 { _ = send(number) }
  await send(count - 1).finish()
  return ContinuousClock.now - start
}
