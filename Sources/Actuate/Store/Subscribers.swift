/// The live subscriptions to a store's state, each fed by the store's executor after every change.
struct Subscribers<State> {
  /// Returns `false` once its consumer has gone, so it can be forgotten.
  typealias Publish = (State) -> Bool

  private var entries: [(publish: Publish, finish: () -> Void)] = []

  /// Stored, not asked of `entries`: the store asks on every write, and asking an array over its generic
  /// state looks the array's type up (HowItWorks.md, "Unspecialised code").
  private(set) var isEmpty = true

  mutating func add(publish: @escaping Publish, finish: @escaping () -> Void) {
    entries.append((publish, finish))
    isEmpty = false
  }

  mutating func publish(_ state: State) {
    guard !isEmpty else { return }
    entries.removeAll { !$0.publish(state) }
    isEmpty = entries.isEmpty
  }

  mutating func finishAll() {
    for entry in entries { entry.finish() }
    entries = []
    isEmpty = true
  }
}
