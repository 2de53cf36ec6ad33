import Actuate

/// The picks one run of an exhaustive exploration made, each with how many jobs it chose among: the
/// exploration's next run changes the last pick it can.
final class PickLog: Sendable {
  @TaskLocal static var current: PickLog?

  struct Pick: Equatable {
    let choice: Int
    let count: Int
  }

  private struct State {
    var picks: [Pick] = []
    var stores = 0
  }

  private let state = Locked(State())

  var picks: [Pick] { state.withLock { $0.picks } }

  /// How many TestStores of the run write here: the exploration follows one.
  var stores: Int { state.withLock { $0.stores } }

  /// Counts a TestStore that joins the run, and returns the log for it to write to.
  func joined() -> PickLog {
    state.withLock { $0.stores += 1 }
    return self
  }

  func append(_ choice: Int, among count: Int) {
    state.withLock { $0.picks.append(Pick(choice: choice, count: count)) }
  }
}
