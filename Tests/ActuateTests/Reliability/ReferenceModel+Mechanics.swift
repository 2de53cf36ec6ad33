@testable import Actuate

extension ReferenceModel {
  mutating func sleep(_ ticks: Int, _ wake: Wake) {
    order += 1
    sleepers.append(Sleeper(deadline: now + ticks, order: order, wake: wake))
  }

  mutating func start(_ number: Int) {
    if let id = jobs[number].group { groups[id, default: Group()].active.append(number) } else { loose.insert(number) }
    runHandler(number)
  }

  mutating func runHandler(_ number: Int) {
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
  mutating func end(_ number: Int) {
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

  mutating func cancelStarted(_ number: Int, _ reason: CancellationReason) {
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

  static func isSomeOrder(of segments: [[String]], _ region: ArraySlice<String>) -> Bool {
    guard !segments.isEmpty else { return region.isEmpty }
    for (index, segment) in segments.enumerated() where region.starts(with: segment) {
      var rest = segments
      rest.remove(at: index)
      if isSomeOrder(of: rest, region.dropFirst(segment.count)) { return true }
    }
    return false
  }

  mutating func openWindow(_ id: String, duration: Int) {
    tokens += 1
    groups[id, default: Group()].window = Window(token: tokens, duration: duration)
    sleep(duration, .windowCloses(id, token: tokens))
  }

  mutating func closeWindow(_ id: String, token: Int) {
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
