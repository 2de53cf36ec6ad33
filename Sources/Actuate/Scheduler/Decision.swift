/// What the scheduler decides the store must do. The store carries decisions out in order; the scheduler's
/// own bookkeeping is already up to date when it hands them over, so code they run (a handler's first
/// stretch, a cleanup) may send or cancel again and find it consistent.
enum Decision {
  /// Start the action's task, under `group` if it has one, after `delay` if it has one.
  case start(TaskRecord, group: CancelID?, after: Duration? = nil)
  /// Cancel a started task cooperatively and run its cleanup.
  case cancel(TaskRecord, CancellationReason)
  /// End an action that never started: it never will.
  case drop(TaskRecord, CancellationReason)
  /// Start a timer on the store's clock; when it fires, tell the scheduler `timerFired(timer)`.
  case arm(SchedulerTimer, after: Duration)
  /// Stop a timer that no longer matters: the one running under this record.
  case disarm(TaskRecord)
  /// Start the waiting actions under the id that may start now, asking the scheduler one at a time
  /// (`nextWaiting(under:)`): each one's first stretch may change what the next finds.
  case startWaiting(CancelID)
  /// Open a new throttle window under the id, once the action the closed one held has started.
  case openWindow(CancelID, Duration)
}

/// Which timer fired: a throttle window or a spacing gap, under an id, told from a later one by its token.
struct SchedulerTimer: Sendable {
  enum Purpose: Sendable {
    case window(Duration)
    case gap
  }

  let id: CancelID
  let token: UInt32
  let purpose: Purpose
}

/// The decisions of one event, in order. The first two sit inline, so the common events (start one action;
/// cancel the previous one and start the next) allocate nothing to return them.
struct Decisions: Sequence {
  private var first: Decision?
  private var second: Decision?
  private var rest: [Decision] = []

  init() {}

  init(_ decision: Decision) {
    first = decision
  }

  var isEmpty: Bool { first == nil }

  mutating func append(_ decision: consuming Decision) {
    if first == nil {
      first = decision
    } else if second == nil {
      second = decision
    } else {
      rest.append(decision)
    }
  }

  mutating func append(contentsOf other: Decisions) {
    for decision in other { append(decision) }
  }

  func makeIterator() -> Iterator {
    Iterator(decisions: self)
  }

  /// Moves the inline decisions out as it goes: iterated from an owned `Decisions`, nothing is copied.
  struct Iterator: IteratorProtocol {
    var decisions: Decisions
    var index = 0

    mutating func next() -> Decision? {
      defer { index += 1 }
      switch index {
      case 0: return decisions.first.take()
      case 1: return decisions.second.take()
      default:
        let offset = index - 2
        return offset < decisions.rest.count ? decisions.rest[offset] : nil
      }
    }
  }
}
