@testable import Actuate

/// What the exhaustive checker explores: actions under one policy over two ids, and the events that may
/// come between them.
struct ExhaustiveScenario: Sendable, CustomStringConvertible {
  let name: String
  let kind: ModelJob.Kind
  /// At most this many actions are sent.
  var actions: Int
  var ids = ["a", "b"]
  /// Whether actions whose handler ends in its first stretch are sent too, beside those that run until
  /// an `end` event.
  var quickHandlers = true
  /// Whether sends and cancels also come two at a time, taken as one batch.
  var batches = true

  var description: String { name }

  /// Every policy the reference model knows, with timers of one tick.
  static func all(actions: Int) -> [ExhaustiveScenario] {
    let kinds: [(String, ModelJob.Kind)] = [
      ("concurrent", .concurrent), ("cancelPrevious", .cancelPrevious), ("dropNew", .dropNew), ("serial", .serial),
      ("limit 2 cancelOldest", .limit(2, .cancelOldest)), ("limit 2 dropNew", .limit(2, .dropNew)),
      ("limit 2 wait", .limit(2, .wait)), ("debounce", .debounce(1)), ("throttle first", .throttle(1, latest: false)),
      ("throttle latest", .throttle(1, latest: true)),
    ]
    return kinds.map { ExhaustiveScenario(name: $0.0, kind: $0.1, actions: actions) }
  }

  /// The most actions that may hold a place under one id at once, winding down included, if the policy
  /// caps them; and the most that may run uncancelled.
  var caps: (held: Int?, uncancelled: Int?) {
    switch kind {
    case .serial, .dropNew: (1, 1)
    case .limit(let max, .wait), .limit(let max, .dropNew): (max, max)
    case .cancelPrevious, .debounce: (nil, 1)
    case .limit(let max, .cancelOldest): (nil, max)
    case .concurrent, .throttle: (nil, nil)
    }
  }
}

/// One command of a batch the checker sends.
enum CheckedCommand: Hashable, CustomStringConvertible {
  case send(String, quick: Bool)
  case cancel(String)
  /// `cancel(ids:where:)` with a predicate every id matches.
  case cancelAll
  /// `ActionTask.cancel()` of the action numbered so.
  case cancelTask(Int)

  var description: String {
    switch self {
    case .send(let id, let quick): "send to \(id)" + (quick ? " (ends in its first stretch)" : "")
    case .cancel(let id): "cancel id \(id)"
    case .cancelAll: "cancel every id"
    case .cancelTask(let number): "cancel #\(number)"
    }
  }
}

extension CheckedCommand {
  /// The same commands as the reference model and the scheduler's runtime take them; `job` numbers each
  /// send.
  static func translate(
    _ commands: [CheckedCommand], ids: [String], job: (String, Bool) -> ModelJob
  ) -> (model: [ReferenceModel.BatchCommand], runtime: [SchedulerRuntime.Command]) {
    var modelCommands: [ReferenceModel.BatchCommand] = []
    var runtimeCommands: [SchedulerRuntime.Command] = []
    for command in commands {
      switch command {
      case .send(let id, let quick):
        let job = job(id, quick)
        modelCommands.append(.send(job))
        runtimeCommands.append(.send(UInt64(job.number), job.policy, runs: quick ? .zero : nil))
      case .cancel(let id):
        modelCommands.append(.cancelGroup(id))
        runtimeCommands.append(.cancel(CancelID(id)))
      case .cancelAll:
        modelCommands += ids.map { .cancelGroup($0) }
        runtimeCommands.append(.cancelMatching { _ in true })
      case .cancelTask(let number):
        modelCommands.append(.cancelJob(number))
        runtimeCommands.append(.cancelTask(UInt64(number)))
      }
    }
    return (modelCommands, runtimeCommands)
  }
}

/// One event of the checker.
enum CheckedEvent: CustomStringConvertible {
  /// An action taken alone; the next number.
  case one(CheckedCommand)
  /// The handler of the action returns: it finishes, or, cancelled, winds down.
  case end(Int)
  /// The clock moves to the next wake-up: debounce delays end, throttle windows close.
  case advance(Duration)
  /// Commands that reach the store together, taken as one batch.
  case together([CheckedCommand])
  case stop

  var description: String {
    switch self {
    case .one(let command): "\(command)"
    case .end(let number): "#\(number) returns"
    case .advance(let duration): "the clock moves \(duration.summary)"
    case .together(let commands): "together: " + commands.map(\.description).joined(separator: "; ")
    case .stop: "stop"
    }
  }
}
