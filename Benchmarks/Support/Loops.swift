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

/// Times `count` numbered calls awaited one by one on a bare counter, in order, and checks it applied them
/// all: the bursts' baseline.
func timeBareBurst(_ count: Int) async throws -> Duration {
  let counter = BareCounter()
  let start = ContinuousClock.now
  for number in 0..<count { await counter.numbered(number) }
  let elapsed = ContinuousClock.now - start
  let (applied, outOfOrder) = await (counter.count, counter.outOfOrder)
  try check(applied == count && outOfOrder == 0, "the bare actor applied \(applied) of \(count)")
  return elapsed
}

/// Checks that a counter store applied `count` numbered actions, each started in the order sent.
func checkAppliedInOrder(_ store: Store<Counter>, count: Int) async throws {
  let state = await store.state
  try check(
    state.count == count && state.outOfOrder == 0 && state.next == count,
    "the store applied \(state.count) of \(count), \(state.outOfOrder) out of order")
}
