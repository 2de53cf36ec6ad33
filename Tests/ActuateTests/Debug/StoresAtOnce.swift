@testable import Actuate

/// Runs `count` stores at once, each made by `makeStore(index)` and sent `actions` actions (`action(1)` …
/// `action(actions)`) without waiting between them; each waits for its last action, stops and flushes its
/// debug log. Returns the stores' ids.
func runStoresAtOnce<I: Interactor>(
  _ count: Int = 8, actions: Int, makeStore: @escaping @Sendable (Int) -> Store<I>,
  action: @escaping @Sendable (Int) -> I.PublicAction
) async -> [StoreID] {
  await withTaskGroup(of: StoreID.self) { group in
    for index in 0..<count {
      group.addTask {
        let store = makeStore(index)
        var last: ActionTask?
        for value in 1...actions { last = store.send(action(value)) }
        await last?.finish()
        store.stop()
        await store.flushDebugLog()
        return store.storeID
      }
    }
    return await group.reduce(into: []) { $0.append($1) }
  }
}

/// Sends `.superseding(1)`, lets it start, supersedes it with `.superseding(2)`, then stops the store (which
/// cancels the second) and flushes the log: one cancellation of each kind.
func supersedeThenStop(_ store: Store<SearchFeature>) async {
  let first = store.send(.superseding(1))
  await store.actor.drainIntake()
  store.send(.superseding(2))
  await first.finish()
  store.stop()
  await store.flushDebugLog()
}
