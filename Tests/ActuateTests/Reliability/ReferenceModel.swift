@testable import Actuate

/// What the store should do, written as plainly as possible: a single-threaded simulation of the policies,
/// cancellation and the test clock's wake-up order (by deadline, then by the order the sleeps began).
struct ReferenceModel {
  static let tick = Duration.milliseconds(100)

  enum Wake {
    case handlerEnds(Int)
    case debounceEnds(Int)
    case windowCloses(String, token: Int)
  }

  struct Sleeper {
    let deadline: Int
    let order: Int
    let wake: Wake
  }

  struct Window {
    let token: Int
    let duration: Int
    var pending: Int?
  }

  struct Group {
    var active: [Int] = []
    var queued: [Int] = []
    var window: Window?

    var isBusy: Bool { !active.isEmpty || !queued.isEmpty }
    var isEmpty: Bool { !isBusy && window == nil }
  }

  var jobs: [ModelJob] = []
  var outcomes: [ActionOutcome?] = []
  var log: [String] = []
  /// Where `log` leaves an order open: from `start` on, the segments of one wind-down, in any order.
  var openOrders: [(start: Int, segments: [[String]])] = []
  var cancelReasons: [CancellationReason?] = []
  var now = 0
  var order = 0
  var sleepers: [Sleeper] = []
  var groups: [String: Group] = [:]
  /// Started jobs not in any group.
  var loose: Set<Int> = []
  var tokens = 0
  var stopped = false
  /// While a batch is taken, cancelled handlers return only once it has been: their store is busy.
  var takingBatch = false
  /// Whether cancelled handlers return only when told (``handlerReturns(_:)``), one at a time, rather than
  /// all at the end of each step: the exhaustive checker tries every order of their returns.
  var cancelledReturnWhenTold = false

  // MARK: Steps

  mutating func send(_ job: ModelJob) {
    record(job)
    let number = job.number
    if stopped {
      outcomes[number] = .rejected
      return
    }
    guard let id = job.group else { return start(number) }
    switch job.kind {
    case .concurrent:
      start(number)
    case .cancelPrevious:
      cancelGroup(id, reason: .superseded)
      start(number)
    case .dropNew:
      if groups[id]?.isBusy == true { drop(number, .alreadyRunning) } else { start(number) }
    case .serial:
      if groups[id]?.isBusy == true { groups[id, default: Group()].queued.append(number) } else { start(number) }
    case .limit(let max, .cancelOldest):
      // The oldest places go, until one is left for this job: started jobs not cancelled yet, then waiting ones.
      let group = groups[id] ?? Group()
      let holders = (group.active.filter { cancelReasons[$0] == nil } + group.queued).sorted()
      for oldest in holders.prefix(Swift.max(0, holders.count - (max - 1))) {
        if let index = groups[id]?.queued.firstIndex(of: oldest) {
          groups[id]?.queued.remove(at: index)
          drop(oldest, .superseded)
        } else {
          cancelStarted(oldest, .superseded)
        }
      }
      start(number)
    case .limit(let max, .dropNew):
      let group = groups[id] ?? Group()
      if group.active.count + group.queued.count >= max { drop(number, .alreadyRunning) } else { start(number) }
    case .limit(let max, .wait):
      let group = groups[id] ?? Group()
      if group.queued.isEmpty, group.active.count < max {
        start(number)
      } else {
        groups[id, default: Group()].queued.append(number)
      }
    case .debounce(let ticks):
      cancelGroup(id, reason: .debounced)
      groups[id, default: Group()].active.append(number)
      sleep(ticks, .debounceEnds(number))
    case .throttle(let ticks, let latest):
      if groups[id]?.window == nil {
        start(number)
        openWindow(id, duration: ticks)
      } else if latest {
        let replaced = groups[id]?.window?.pending
        groups[id]?.window?.pending = number
        if let replaced { drop(replaced, .throttled) }
      } else {
        drop(number, .throttled)
      }
    }
    windDown()
  }

  mutating func record(_ job: ModelJob) {
    jobs.append(job)
    outcomes.append(nil)
    cancelReasons.append(nil)
  }

  mutating func cancel(group id: String) {
    guard !stopped else { return }
    cancelGroup(id, reason: .explicit)
    windDown()
  }

  mutating func cancel(job number: Int) {
    guard !stopped, outcomes[number] == nil, cancelReasons[number] == nil else { return }
    let job = jobs[number]
    if let id = job.group, var group = groups[id] {
      if let index = group.queued.firstIndex(of: number) {
        group.queued.remove(at: index)
        groups[id] = group
        return drop(number, .explicit)
      }
      if group.window?.pending == number {
        groups[id]?.window?.pending = nil
        return drop(number, .explicit)
      }
    }
    cancelStarted(number, .explicit)
    windDown()
  }

  mutating func advance(by ticks: Int) {
    let target = now + ticks
    while let index = sleepers.indices.min(by: {
      (sleepers[$0].deadline, sleepers[$0].order) < (sleepers[$1].deadline, sleepers[$1].order)
    }),
      sleepers[index].deadline <= target
    {
      let sleeper = sleepers.remove(at: index)
      now = sleeper.deadline
      switch sleeper.wake {
      case .handlerEnds(let number):
        log.append("end \(number)")
        end(number)
      case .debounceEnds(let number):
        runHandler(number)
      case .windowCloses(let id, let token):
        closeWindow(id, token: token)
      }
    }
    now = target
  }

  mutating func stop() {
    guard !stopped else { return }
    stopped = true
    for id in groups.keys.sorted() { cancelGroup(id, reason: .storeStopped) }
    for number in loose.sorted() { cancelStarted(number, .storeStopped) }
    windDown()
  }
}
