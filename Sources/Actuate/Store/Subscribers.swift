/// The live subscriptions to a store's state, each fed by the store's executor after every change.
///
/// Held by reference, and only while there are any: the store asks whether there are on every write, and a
/// pointer test costs it no look-up of an array over its generic state (HowItWorks.md, "Unspecialised
/// code"), where a flag beside the array would cost an idle store a word.
struct Subscribers<State> {
  /// Returns `false` once its consumer has gone, so it can be forgotten.
  typealias Publish = (State) -> Bool

  private var list: List?

  /// The subscriptions, never empty: the last one gone, the store lets the list go.
  private final class List {
    var entries: [(publish: Publish, finish: () -> Void)]

    init(_ entry: (publish: Publish, finish: () -> Void)) {
      entries = [entry]
    }
  }

  /// Whether no one subscribes.
  var isEmpty: Bool { list == nil }

  mutating func add(publish: @escaping Publish, finish: @escaping () -> Void) {
    if let list {
      list.entries.append((publish, finish))
    } else {
      list = List((publish, finish))
    }
  }

  mutating func publish(_ state: State) {
    guard let list else { return }
    list.entries.removeAll { !$0.publish(state) }
    if list.entries.isEmpty { self.list = nil }
  }

  mutating func finishAll() {
    guard let list else { return }
    self.list = nil
    for entry in list.entries { entry.finish() }
  }
}
