@testable import Actuate

/// What the store should do, written as plainly as possible: a single-threaded simulation of the policies,
/// cancellation and the test clock's wake-up order (by deadline, then by the order the sleeps began).
struct ReferenceModel {
  static let tick = Duration.milliseconds(100)

  private enum Wake {
    case handlerEnds(Int)
    case debounceEnds(Int)
    case windowCloses(String, token: Int)
  }

  private struct Sleeper {
    let deadline: Int
    let order: Int
    let wake: Wake
  }

  private struct Window {
    let token: Int
    let duration: Int
    var pending: Int?
  }

  private struct Group {
    var active: [Int] = []
    var queued: [Int] = []
    var window: Window?

    var isBusy: Bool { !active.isEmpty || !queued.isEmpty }
    var isEmpty: Bool { !isBusy && window == nil }
  }

  private(set) var jobs: [ModelJob] = []
  private(set) var outcomes: [ActionOutcome?] = []
  private(set) var log: [String] = []
  /// Where `log` leaves an order open: from `start` on, the segments of one wind-down, in any order.
  private(set) var openOrders: [(start: Int, segments: [[String]])] = []
  private var cancelReasons: [CancellationReason?] = []
  private var now = 0
  private var order = 0
  private var sleepers: [Sleeper] = []
  private var groups: [String: Group] = [:]
  /// Started jobs not in any group.
  private var loose: Set<Int> = []
  private var tokens = 0
  private var stopped = false
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

  // MARK: Mechanics

  private mutating func sleep(_ ticks: Int, _ wake: Wake) {
    order += 1
    sleepers.append(Sleeper(deadline: now + ticks, order: order, wake: wake))
  }

  private mutating func start(_ number: Int) {
    if let id = jobs[number].group { groups[id, default: Group()].active.append(number) } else { loose.insert(number) }
    runHandler(number)
  }

  private mutating func runHandler(_ number: Int) {
    log.append("start \(number)")
    let duration = jobs[number].duration
    if duration == ModelJob.untilEnded { return }
    if duration == 0 {
      log.append("end \(number)")
      end(number)
    } else {
      sleep(duration, .handlerEnds(number))
    }
  }

  /// The handler returned: it finished unless it was cancelled; the oldest waiting jobs start while their
  /// limit leaves a place (one at a time for serial jobs, which wait for the group to be idle).
  private mutating func end(_ number: Int) {
    outcomes[number] = cancelReasons[number].map(ActionOutcome.cancelled) ?? .completed
    guard let id = jobs[number].group else {
      loose.remove(number)
      return
    }
    guard var group = groups.removeValue(forKey: id) else { return }
    group.active.removeAll { $0 == number }
    if !group.isEmpty { groups[id] = group }
    while let group = groups[id], let next = group.queued.first, group.active.count < jobs[next].waitLimit {
      groups[id]?.queued.removeFirst()
      start(next)
    }
  }

  mutating func drop(_ number: Int, _ reason: CancellationReason) {
    if cancelReasons[number] == nil { cancelReasons[number] = reason }
    outcomes[number] = .cancelled(cancelReasons[number]!)
  }

  private mutating func cancelStarted(_ number: Int, _ reason: CancellationReason) {
    guard outcomes[number] == nil, cancelReasons[number] == nil else { return }
    cancelReasons[number] = reason
    sleepers.removeAll {
      switch $0.wake {
      case .handlerEnds(let other), .debounceEnds(let other): other == number
      case .windowCloses: false
      }
    }
  }

  mutating func cancelGroup(_ id: String, reason: CancellationReason) {
    guard let group = groups[id] else { return }
    for number in group.active.sorted() { cancelStarted(number, reason) }
    if let window = group.window {
      sleepers.removeAll {
        if case .windowCloses(let other, let token) = $0.wake { return other == id && token == window.token }
        return false
      }
    }
    let waiting = group.queued + (group.window?.pending.map { [$0] } ?? [])
    groups[id]?.queued = []
    groups[id]?.window = nil
    if groups[id]?.isEmpty == true { groups[id] = nil }
    for number in waiting { drop(number, reason) }
  }

  /// The handler of a started job returns now, whenever the test says: it finishes, or, cancelled, winds
  /// down. For jobs that run ``ModelJob/untilEnded`` and cancelled handlers under `cancelledReturnWhenTold`.
  mutating func handlerReturns(_ number: Int) {
    precondition(outcomes[number] == nil, "#\(number) has ended")
    if cancelReasons[number] == nil { log.append("end \(number)") }
    sleepers.removeAll {
      switch $0.wake {
      case .handlerEnds(let other), .debounceEnds(let other): other == number
      case .windowCloses: false
      }
    }
    end(number)
  }

  /// Cancelled handlers return once the store is free again: they end after the step that cancelled them.
  /// In which order is not the store's to say (each returns when its task next runs), so what each one's
  /// return sets off is a segment of the log that may come before or after the others (`allows(_:)`).
  mutating func windDown() {
    guard !takingBatch, !cancelledReturnWhenTold else { return }
    let cancelled = jobs.indices.filter { outcomes[$0] == nil && cancelReasons[$0] != nil }
    let start = log.count
    var segments: [[String]] = []
    for number in cancelled {
      let before = log.count
      end(number)
      segments.append(Array(log[before...]))
    }
    if segments.filter({ !$0.isEmpty }).count > 1 { openOrders.append((start, segments.filter { !$0.isEmpty })) }
  }

  /// Whether the store's log is one the contract allows: the model's, but for the segments of each
  /// wind-down, which may come in any order.
  func allows(_ actual: [String]) -> Bool {
    guard actual.count == log.count else { return false }
    var position = 0
    for open in openOrders {
      guard actual[position..<open.start] == log[position..<open.start] else { return false }
      let length = open.segments.reduce(0) { $0 + $1.count }
      guard Self.isSomeOrder(of: open.segments, actual[open.start..<open.start + length]) else { return false }
      position = open.start + length
    }
    return actual[position...] == log[position...]
  }

  private static func isSomeOrder(of segments: [[String]], _ region: ArraySlice<String>) -> Bool {
    guard !segments.isEmpty else { return region.isEmpty }
    for (index, segment) in segments.enumerated() where region.starts(with: segment) {
      var rest = segments
      rest.remove(at: index)
      if isSomeOrder(of: rest, region.dropFirst(segment.count)) { return true }
    }
    return false
  }

  private mutating func openWindow(_ id: String, duration: Int) {
    tokens += 1
    groups[id, default: Group()].window = Window(token: tokens, duration: duration)
    sleep(duration, .windowCloses(id, token: tokens))
  }

  private mutating func closeWindow(_ id: String, token: Int) {
    guard let window = groups[id]?.window, window.token == token else { return }
    groups[id]?.window = nil
    if let pending = window.pending {
      start(pending)
      openWindow(id, duration: window.duration)
    } else if groups[id]?.isEmpty == true {
      groups[id] = nil
    }
  }

  /// Feeds everything that decides the model's future to `hasher`, but not its log, which is history: the
  /// exhaustive checker's picture of the model.
  func fingerprint(into hasher: inout Hasher) {
    for job in jobs {
      hasher.combine(job.group)
      hasher.combine(job.duration)
    }
    hasher.combine(outcomes)
    hasher.combine(cancelReasons)
    hasher.combine(now)
    for sleeper in sleepers.sorted(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) }) {
      hasher.combine(sleeper.deadline)
      switch sleeper.wake {
      case .handlerEnds(let number):
        hasher.combine(0)
        hasher.combine(number)
      case .debounceEnds(let number):
        hasher.combine(1)
        hasher.combine(number)
      case .windowCloses(let id, let token):
        hasher.combine(2)
        hasher.combine(id)
        hasher.combine(token)
      }
    }
    for (id, group) in groups.sorted(by: { $0.key < $1.key }) {
      hasher.combine(id)
      hasher.combine(group.active)
      hasher.combine(group.queued)
      hasher.combine(group.window?.token)
      hasher.combine(group.window?.duration)
      hasher.combine(group.window?.pending)
    }
    hasher.combine(loose.sorted())
    hasher.combine(tokens)
    hasher.combine(stopped)
  }

  /// Whether the job is started or waiting: used to pick jobs worth cancelling.
  func isOpen(_ number: Int) -> Bool { outcomes[number] == nil }
}
